import { ApiProperty } from '@nestjs/swagger';
import { ActorView } from '../orders/order-response.js';

/** One stored event as the analyst sees it (password hashes redacted). */
export class EventView {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'order-1f0c…' }) stream!: string;
  @ApiProperty({ example: 'OrderPlaced' }) type!: string;
  @ApiProperty() revision!: number;
  @ApiProperty({ example: '120/118' }) position!: string;
  @ApiProperty({ format: 'date-time' }) recordedAt!: string;
  @ApiProperty({ format: 'date-time' }) occurredAt!: string;
  @ApiProperty({ type: () => ActorView, nullable: true }) actor!: ActorView | null;
  @ApiProperty({ type: String, nullable: true }) correlationId!: string | null;
  @ApiProperty({ type: String, nullable: true }) causationId!: string | null;
  @ApiProperty({ description: "The event's data" }) data!: unknown;
  @ApiProperty({ type: 'object', additionalProperties: true }) metadata!: object;
}

export class EventLogPage {
  @ApiProperty({ type: () => [EventView] }) data!: EventView[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as after for the next page; null at the end' }) nextCursor!: string | null;
  @ApiProperty() hasMore!: boolean;
}
