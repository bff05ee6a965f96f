import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AdminOrderView, OrderHistoryEntryView } from '../../orders/order-response.js';

export class PersonalDataOrderView extends AdminOrderView {
  @ApiProperty({ type: () => [OrderHistoryEntryView], description: 'Every status the order went through, who changed it and when' }) history!: OrderHistoryEntryView[];
}

export class NewsletterStateView {
  @ApiProperty() subscriberId!: string;
  @ApiProperty() subscribed!: boolean;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) subscribedAt!: Date | null;
}

export class ErasureRecordView {
  @ApiProperty() subjectId!: string;
  @ApiProperty({ type: String, format: 'date-time' }) erasedAt!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ description: 'The admin who erased' }) by!: string;
}

export class CorrectionRecordView {
  @ApiProperty() orderId!: string;
  @ApiProperty({ type: String, format: 'date-time' }) correctedAt!: string;
  @ApiProperty({ type: [String] }) fields!: string[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) before!: Record<string, string>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) after!: Record<string, string>;
  @ApiProperty({ description: 'The admin who corrected' }) by!: string;
}

/** A block of the person's phone, or its lifting (the fake-order defence), as the log recorded it. */
export class PhoneBlockRecordView {
  @ApiProperty({ enum: ['blocked', 'unblocked'] }) change!: 'blocked' | 'unblocked';
  @ApiProperty({ type: String, nullable: true, description: 'The phone blocked; null for a lifting' }) phone!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why (a reason code); null for a lifting' }) reason!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) at!: string;
  @ApiProperty({ description: 'The staff member who did it' }) by!: string;
}

export class AskedForView {
  @ApiPropertyOptional() phone?: string;
  @ApiPropertyOptional() email?: string;
  @ApiPropertyOptional() subjectId?: string;
}

/** One person's data, as one JSON file: orders with items, statuses and their history, newsletter state, corrections, erasure, phone blocks. */
export class PersonalDataExportView {
  @ApiProperty({ type: String, format: 'date-time' }) generatedAt!: string;
  @ApiProperty({ type: () => AskedForView }) asked!: AskedForView;
  @ApiProperty({ type: [String], description: 'The data subjects found (a shopper by phone, newsletter addresses by e-mail)' }) subjects!: string[];
  @ApiProperty({ type: () => [PersonalDataOrderView] }) orders!: PersonalDataOrderView[];
  @ApiProperty({ type: () => [NewsletterStateView] }) newsletter!: NewsletterStateView[];
  @ApiProperty({ type: () => [CorrectionRecordView] }) corrections!: CorrectionRecordView[];
  @ApiProperty({ type: () => [ErasureRecordView] }) erasures!: ErasureRecordView[];
  @ApiProperty({ type: () => [PhoneBlockRecordView] }) phoneBlocks!: PhoneBlockRecordView[];
}
