/** Rows a statement touched: TypeORM answers an UPDATE or DELETE on PostgreSQL as [rows, count], anything else as rows. */
export function affectedRows(result: unknown[]): number {
  if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[1];
  return result.length;
}
