import { expect, test } from 'vitest';
import { movementsCsv, parseMovementsCsv } from '../src/components/stock/csv.ts';

// The movements file as people save it from a spreadsheet, read into what the batch takes, each
// row checked by the batch's own schema (the browser test covers the screen around it).

const rowsOf = (text: string) => {
  const file = parseMovementsCsv(text);
  if (file.kind !== 'rows') throw new Error(`expected rows, got ${file.kind}`);
  return file;
};

test('semicolons, decimal commas, a BOM, headers in any order and case, blank cells left out', () => {
  const file = rowsOf('\uFEFFQuantity;PRODUCTID;unitCost;Note\n+5;prd_a;4,5;ignored\n-2,25;prd_b;;\n\n');
  expect(file.ignoredColumns).toEqual(['Note']);
  expect(file.rows.map(({ line, movement, issues }) => ({ line, movement, issues }))).toEqual([
    { line: 2, movement: { productId: 'prd_a', quantity: 5, unitCost: 4.5 }, issues: [] },
    { line: 3, movement: { productId: 'prd_b', quantity: -2.25 }, issues: [] },
  ]);
});

test("each row gets the batch schema's issues: a zero, a word, too many decimals, a missing product", () => {
  const file = rowsOf('productId,quantity\nprd_a,0\nprd_a,beaucoup\nprd_a,1.23456\n,3\n');
  expect(file.rows.map((row) => row.issues.map((issue) => `${issue.path.join('.')} ${issue.code}`))).toEqual([
    ['quantity custom'],
    ['quantity invalid_type'],
    ['quantity custom'],
    ['productId invalid_type'],
  ]);
});

test('a file that cannot be a batch says why', () => {
  expect(parseMovementsCsv('')).toEqual({ kind: 'empty' });
  expect(parseMovementsCsv('productId,quantity\n')).toEqual({ kind: 'empty' });
  expect(parseMovementsCsv('product,qty\nprd_a,1\n')).toEqual({
    kind: 'missingColumns',
    missing: ['productId', 'quantity'],
  });
  const tooMany = ['productId,quantity', ...Array.from({ length: 201 }, () => 'prd_a,1')].join('\n');
  expect(parseMovementsCsv(tooMany)).toEqual({ kind: 'tooManyRows', count: 201 });
});

test('the example file reads back as it was written', () => {
  const text = movementsCsv([
    {
      productId: 'prd_a',
      quantity: '12',
      reason: 'Livraison, quai 2',
      refKind: 'bl',
      refId: 'BL-1',
      unitCost: '4.50',
    },
  ]);
  expect(rowsOf(text).rows[0]?.movement).toEqual({
    productId: 'prd_a',
    quantity: 12,
    reason: 'Livraison, quai 2',
    refKind: 'bl',
    refId: 'BL-1',
    unitCost: 4.5,
  });
});
