import { MAX_SETTLEMENT_LINE_LENGTH, MAX_SETTLEMENT_LINES, parseSettlementFile } from './settlement-file.js';

function fieldOf(text: string): Record<string, string> | undefined {
  try {
    parseSettlementFile(text);
  } catch (e) {
    return (e as { fieldErrors?: Record<string, string> }).fieldErrors;
  }
  return undefined;
}

describe('settlement file', () => {
  it('reads the shop’s columns in any order, amounts in EGP as piastres', () => {
    const text = '\uFEFFstatus,tracking_number,collected,fee,date\r\ndelivered,BOS-1,"1,250.50",35,2026-11-20\r\nrefused,BOS-2,,20,2026-11-21T09:30:00Z\r\n\r\n';
    expect(parseSettlementFile(text)).toEqual([
      { line: 2, trackingNumber: 'BOS-1', status: 'delivered', collected: 125050, fee: 3500, date: '2026-11-20' },
      { line: 3, trackingNumber: 'BOS-2', status: 'refused', collected: 0, fee: 2000, date: '2026-11-21' },
    ]);
  });

  it('reads Bosta’s export headers and states', () => {
    const text = 'Tracking Number,State,COD,Bosta Fees,Updated At\n7788,Delivered,400,30,2026-11-20\n7789,Returned to business,0,30,2026-11-20\n';
    expect(parseSettlementFile(text).map((l) => [l.trackingNumber, l.status])).toEqual([['7788', 'delivered'], ['7789', 'refused']]);
  });

  it('refuses hostile files, naming the field', () => {
    expect(fieldOf('tracking,status,collected,date\nB1,delivered,1,2026-11-20\n')).toEqual({ file: expect.stringContaining('fee') });
    expect(fieldOf('tracking,status,collected,fee,date\nB1,delivered,=HYPERLINK("x"),0,2026-11-20\n')).toEqual({ 'line 2 collected': expect.stringContaining('formula') });
    expect(fieldOf('tracking,status,collected,fee,date\n@SUM(A1),delivered,1,0,2026-11-20\n')).toEqual({ 'line 2 tracking': expect.stringContaining('formula') });
    expect(fieldOf('tracking,status,collected,fee,date\nB1,delivered,-5,0,2026-11-20\n')).toEqual({ 'line 2 collected': expect.stringContaining('formula') });
    expect(fieldOf(`tracking,status,collected,fee,date\n${'x'.repeat(MAX_SETTLEMENT_LINE_LENGTH + 1)}\n`)).toEqual({ file: expect.stringContaining('line 2 is longer') });
    expect(fieldOf(`tracking,status,collected,fee,date\n${'B1,delivered,1,0,2026-11-20\n'.repeat(MAX_SETTLEMENT_LINES + 1)}`)).toEqual({ file: expect.stringContaining('more than') });
    expect(fieldOf('tracking,status,collected,fee,date\nB1,lost,1,0,2026-11-20\n')).toEqual({ 'line 2 status': expect.stringContaining('delivered') });
    expect(fieldOf('tracking,status,collected,fee,date\nB1,delivered,1e9,0,2026-11-20\n')).toEqual({ 'line 2 collected': expect.any(String) });
    expect(fieldOf('tracking,status,collected,fee,date\nB1,delivered,1,0,2026-02-30\n')).toEqual({ 'line 2 date': expect.any(String) });
    expect(fieldOf('')).toEqual({ file: expect.stringContaining('empty') });
    expect(fieldOf('tracking,status,collected,fee,date\n')).toEqual({ file: expect.stringContaining('no lines') });
    expect(fieldOf('tracking,status,collected,fee,date\n"B1,delivered,1,0,2026-11-20\n')).toEqual({ file: expect.stringContaining('quote') });
  });
});
