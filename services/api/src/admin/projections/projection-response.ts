import { ApiProperty } from '@nestjs/swagger';

// The projections page's answers (admin projections controller).

export class ProjectionLagView {
  @ApiProperty({ description: 'Events after the checkpoint, counted up to a cap' }) events!: number;
  @ApiProperty({ description: 'true when the count reached the cap' }) atLeast!: boolean;
  @ApiProperty({ description: 'Age of the oldest event not handled yet' }) seconds!: number;
}

/** Set while a projection is stopped on an event: what to fix, and where the retries stand. */
export class ProjectionFailureView {
  @ApiProperty({ type: String, nullable: true }) eventType!: string | null;
  @ApiProperty({ type: String, nullable: true }) eventId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '120/118' }) position!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) firstFailedAt!: string | null;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) nextRetryAt!: string | null;
}

/** The copy being rebuilt beside the live one. */
export class ProjectionRebuildView {
  @ApiProperty() state!: string;
  @ApiProperty() version!: number;
  @ApiProperty() checkpoint!: string;
  @ApiProperty() eventsHandled!: number;
}

export class RebuildRequestView {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['requested', 'building', 'done', 'failed'] }) status!: string;
  @ApiProperty({ type: String, format: 'date-time' }) requestedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
}

export class ProjectionStatusView {
  @ApiProperty() name!: string;
  @ApiProperty({ type: Number, nullable: true }) version!: number | null;
  @ApiProperty({ type: String, nullable: true, example: '120/118' }) checkpoint!: string | null;
  @ApiProperty({ example: 'running' }) state!: string;
  @ApiProperty({ type: String, nullable: true }) owner!: string | null;
  @ApiProperty() eventsHandled!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastEventAt!: string | null;
  @ApiProperty({ type: () => ProjectionLagView, nullable: true }) lag!: ProjectionLagView | null;
  @ApiProperty({ type: String, nullable: true }) lastError!: string | null;
  @ApiProperty({ type: () => ProjectionFailureView, nullable: true }) failure!: ProjectionFailureView | null;
  @ApiProperty({ type: () => ProjectionRebuildView, nullable: true }) rebuild!: ProjectionRebuildView | null;
  @ApiProperty({ type: () => RebuildRequestView, nullable: true }) lastRebuildRequest!: RebuildRequestView | null;
}

export class ProjectionRetryView {
  @ApiProperty() projection!: string;
  @ApiProperty({ example: 'retry requested' }) status!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, format: 'date-time' }) nextRetryAt!: string;
}

export class ProjectionRebuildRequestedView {
  @ApiProperty() projection!: string;
  @ApiProperty() requestId!: string;
  @ApiProperty({ enum: ['requested', 'building'] }) status!: string;
  @ApiProperty({ type: String, format: 'date-time' }) requestedAt!: string;
}
