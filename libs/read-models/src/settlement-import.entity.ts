import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * One row per settlement import, kept by the settlement-imports projection: how many lines the
 * file had, how many its decision applies (to_apply) and how many of those the settlement reactor
 * has recorded on their orders (done); then lines per final outcome. Nothing personal.
 */
@Entity({ schema: READ_SCHEMA, name: 'settlement_imports' })
@Index('settlement_imports_courier_id_idx', ['courierId', 'importedAt'])
export class SettlementImportEntity {
  @PrimaryColumn({ type: 'text', name: 'import_id' }) importId!: string;
  @Column({ type: 'text', name: 'courier_id' }) courierId!: string;
  @Column({ type: 'text', name: 'file_hash' }) fileHash!: string;
  @Column({ type: 'timestamptz', name: 'imported_at' }) importedAt!: Date;
  @Column({ type: 'integer' }) lines!: number;
  @Column({ type: 'integer', name: 'to_apply' }) toApply!: number;
  @Column({ type: 'integer' }) done!: number;
  @Column({ type: 'integer' }) applied!: number;
  @Column({ type: 'integer' }) unchanged!: number;
  @Column({ type: 'integer' }) unmatched!: number;
  @Column({ type: 'integer' }) contradictory!: number;
  @Column({ type: 'integer' }) rejected!: number;
}
