/**
 * Deterministic catalogue for the benchmark: French grocery-style names with accents,
 * references, EAN-13 barcodes, suppliers, and stock tracking on part of the products.
 */

/** mulberry32: a small seeded PRNG, so every run seeds the same catalogue. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const kinds = [
  'Café moulu',
  'Café en grains',
  'Thé vert',
  'Thé noir',
  'Infusion verveine',
  'Chocolat noir',
  'Chocolat au lait',
  'Pâte à tartiner',
  'Confiture de fraises',
  'Confiture d’abricots',
  'Miel de lavande',
  'Crème fraîche',
  'Beurre demi-sel',
  'Fromage de chèvre',
  'Comté affiné',
  'Gruyère râpé',
  'Roquefort',
  'Camembert',
  'Pâté de campagne',
  'Rillettes',
  'Saucisson sec',
  'Jambon cuit',
  'Pâtes fraîches',
  'Riz de Camargue',
  'Lentilles vertes',
  'Farine de blé',
  'Sucre de canne',
  'Huile d’olive',
  'Vinaigre balsamique',
  'Moutarde à l’ancienne',
  'Bière blonde',
  'Bière ambrée',
  'Cidre brut',
  'Vin rouge',
  'Eau pétillante',
  'Jus de pomme',
  'Crêpes',
  'Galettes de sarrasin',
  'Madeleines',
  'Biscuits sablés',
] as const;

export const qualities = [
  'bio',
  'fermier',
  'artisanal',
  'traditionnel',
  'extra',
  'équitable',
  'sélection',
  'du terroir',
  'premium',
  'classique',
] as const;

export const origins = [
  'de Bretagne',
  'd’Auvergne',
  'du Périgord',
  'de Provence',
  'des Alpes',
  'de Normandie',
  'du Jura',
  'd’Alsace',
  'de Savoie',
  'des Cévennes',
  'du Pays basque',
  'de Corrèze',
] as const;

export const formats = [
  '125 g',
  '250 g',
  '500 g',
  '1 kg',
  '33 cl',
  '75 cl',
  '1 L',
  'lot de 6',
  'x12',
  'vrac',
] as const;
export const units = ['pièce', 'kg', 'L', 'carton', 'sachet'] as const;
const taxRates = [5.5, 5.5, 5.5, 10, 20] as const;

/**
 * `q` for the search scenario: folded, it matches "Fromage de chèvre fermier …", i.e. one kind
 * in 40 times one quality in 10, about 250 products of 100,000.
 */
export const searchTerm = 'chevre fermier';

export const supplierNames = [
  'Laiterie Léonard',
  'Maison Lefèvre',
  'Brasserie du Pêcheur',
  'Les Ruchers d’Hélène',
  'Épicerie Gaël & Fils',
  'Torréfaction Bérénice',
  'Fromagerie Côté Cave',
  'Salaisons Ménard',
  'Moulin de la Forêt',
  'Coopérative Ambroise',
  'Vergers de Noël',
  'Conserverie Ségolène',
] as const;

function pick<T>(next: () => number, values: readonly T[]): T {
  return values[Math.floor(next() * values.length)] as T;
}

function ean13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

export interface SeedProduct {
  name: string;
  reference: string;
  barcode: string | null;
  unit: string;
  unitPrice: number;
  costPrice: number;
  taxRate: number;
  supplierId: string | null;
  trackStock: boolean;
  stockQuantity?: number;
  stockThreshold?: number | null;
}

/** Products `start` to `start + count - 1` of the catalogue (the same for the same seed). */
export function catalogue(start: number, count: number, supplierIds: readonly string[]): SeedProduct[] {
  const items: SeedProduct[] = [];
  for (let index = start; index < start + count; index++) {
    const next = random(0x5eed + index);
    const kind = pick(next, kinds);
    const quality = pick(next, qualities);
    const origin = pick(next, origins);
    const format = pick(next, formats);
    const unitPrice = Math.round((0.5 + next() * 60) * 100) / 100;
    const trackStock = next() < 0.4;
    const product: SeedProduct = {
      name: `${kind} ${quality} ${origin} ${format}`,
      reference: `REF-${String(index + 1).padStart(6, '0')}`,
      barcode: next() < 0.85 ? ean13(`3${String(Math.floor(next() * 1e11)).padStart(11, '0')}`) : null,
      unit: pick(next, units),
      unitPrice,
      costPrice: Math.round(unitPrice * (0.4 + next() * 0.4) * 100) / 100,
      taxRate: pick(next, taxRates),
      supplierId: next() < 0.7 ? pick(next, supplierIds) : null,
      trackStock,
    };
    if (trackStock) {
      // Some out of stock, some low, most fine.
      const roll = next();
      product.stockQuantity =
        roll < 0.05 ? 0 : roll < 0.2 ? Math.floor(next() * 5) + 1 : Math.floor(next() * 400);
      product.stockThreshold = next() < 0.8 ? Math.floor(next() * 10) + 5 : null;
    }
    items.push(product);
  }
  return items;
}
