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

export class AskedForView {
  @ApiPropertyOptional() phone?: string;
  @ApiPropertyOptional() email?: string;
  @ApiPropertyOptional() subjectId?: string;
}

/** One person's data, as one JSON file: orders with items, statuses and their history, newsletter state, corrections, erasure. */
export class PersonalDataExportView {
  @ApiProperty({ type: String, format: 'date-time' }) generatedAt!: string;
  @ApiProperty({ type: () => AskedForView }) asked!: AskedForView;
  @ApiProperty({ type: [String], description: 'The data subjects found (a shopper by phone, newsletter addresses by e-mail)' }) subjects!: string[];
  @ApiProperty({ type: () => [PersonalDataOrderView] }) orders!: PersonalDataOrderView[];
  @ApiProperty({ type: () => [NewsletterStateView] }) newsletter!: NewsletterStateView[];
  @ApiProperty({ type: () => [CorrectionRecordView] }) corrections!: CorrectionRecordView[];
  @ApiProperty({ type: () => [ErasureRecordView] }) erasures!: ErasureRecordView[];
}
