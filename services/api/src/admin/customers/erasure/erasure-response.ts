import { ApiProperty } from '@nestjs/swagger';

export class ErasureOrderView {
  @ApiProperty() id!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty() status!: string;
  @ApiProperty({ type: String, format: 'date-time' }) placedAt!: string;
  @ApiProperty({ description: 'Nothing about it needs the customer any more (canceled, refused and back, or delivered past the return window with nothing owed)' }) finished!: boolean;
  @ApiProperty({ type: String, nullable: true, enum: ['not-shipped', 'on-its-way', 'coming-back', 'return-window', 'refund-pending', 'settlement-pending'], description: 'Why it is still open' }) openBecause!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When it can be finished, when known' }) finishableAt!: string | null;
  @ApiProperty({ description: 'Not shipped yet: cancelling it would finish it' }) cancellable!: boolean;
}

/** An erasure waiting for the customer's unfinished orders (docs/adr/037). */
export class ErasureHoldView {
  @ApiProperty({ type: [String] }) orderIds!: string[];
  @ApiProperty({ description: 'The reason code the erasure was asked with; it runs with it' }) reason!: string;
  @ApiProperty({ description: 'Why it waits: the grounds of Law 151/2020 it rests on' }) legalBasis!: string;
  @ApiProperty({ type: String, format: 'date-time' }) heldAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the last held order can be finished; null while one is not delivered yet' }) expectedEnd!: string | null;
}

export class ReplaySchemaView {
  @ApiProperty() schema!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) until!: string | null;
  @ApiProperty({ type: String, nullable: true }) position!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "An analyst's projection file; null: the shop's read models" }) projection!: string | null;
}

/** What erasing this customer touches, before anything is erased. */
export class ErasurePreviewView {
  @ApiProperty() subjectId!: string;
  @ApiProperty({ description: 'Erased already: erasing again only sweeps keys and files again' }) alreadyErased!: boolean;
  @ApiProperty({ type: [String], description: 'Fields that will read "erased" on every order and in every list' }) fields!: string[];
  @ApiProperty({ type: () => [ErasureOrderView] }) orders!: ErasureOrderView[];
  @ApiProperty({ type: () => ErasureHoldView, nullable: true, description: 'The erasure is held until these orders finish; nothing was erased yet' }) hold!: ErasureHoldView | null;
  @ApiProperty({ description: 'Newsletter addresses given at checkout, erased with the customer' }) newsletterAddresses!: number;
  @ApiProperty({ type: [String], description: 'Custom-poster photos on those orders (storage keys)' }) uploads!: string[];
  @ApiProperty({ type: [String], description: 'Export files that hold the customer' }) exports!: string[];
  @ApiProperty({ type: () => [ReplaySchemaView], description: 'Replays made before: they keep the data until dropped or replayed again' }) replaySchemas!: ReplaySchemaView[];
}

/** What an erasure did. */
export class ErasureView extends ErasurePreviewView {
  @ApiProperty({ description: 'Keys destroyed now (0 when erased before)' }) keysDestroyed!: number;
  @ApiProperty({ type: [String] }) deletedExports!: string[];
  @ApiProperty({ type: [String] }) deletedUploads!: string[];
}
