import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PaginationFields } from '../../catalog/poster-response.js';

export class AdminAnnouncementView {
  @ApiProperty({ description: 'Default (English) text; empty when none is set' }) text!: string;
  @ApiProperty({ description: 'Arabic text; empty when none is set' }) textAr!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updatedAt!: Date | null;
  @ApiProperty({ type: String, nullable: true }) updatedBy!: string | null;
}

export class SavedAnnouncementView {
  @ApiProperty() text!: string;
  @ApiProperty() textAr!: string;
}

export class SubscriberView {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, format: 'date-time' }) subscribedAt!: Date;
  @ApiProperty({ type: String, format: 'date-time', description: 'Same as subscribedAt' }) createdAt!: Date;
}

/** A page of subscribers, newest first. */
export class SubscriberPage extends PaginationFields {
  @ApiProperty({ type: () => [SubscriberView] }) data!: SubscriberView[];
  @ApiProperty({ description: 'Every subscriber, whatever the search (the page title count)' }) subscriberCount!: number;
}

export class SubscribedView {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ example: 'Subscribed successfully' }) message!: string;
}

/** A subscriber after PATCH or DELETE: still subscribed (with its row), or gone. */
export class SubscriptionView {
  @ApiProperty() id!: string;
  @ApiProperty() subscribed!: boolean;
  @ApiPropertyOptional() email?: string;
  @ApiPropertyOptional({ type: String, format: 'date-time' }) subscribedAt?: Date;
  @ApiPropertyOptional({ type: String, format: 'date-time' }) createdAt?: Date;
  @ApiPropertyOptional() deleted?: boolean;
}
