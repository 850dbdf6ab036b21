import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { trpc } from '../../trpc/client.ts';
import { buttonClass } from '../ui/button.tsx';
import { type CsvColumn, csvColumns, movementsCsv } from './csv.ts';

const placeholderIds = ['prd_01JEXEMPLE0000000000000001', 'prd_01JEXEMPLE0000000000000002'];

/** The example file, built on two of the workspace's tracked products when it has some. */
function useExampleUrl(): string | undefined {
  const products = useQuery(trpc.products.list.queryOptions({ trackStock: 'true', limit: 2 }));
  const [first, second] = products.data?.data.map((product) => product.id) ?? [];
  const text = useMemo(
    () =>
      movementsCsv([
        {
          productId: first ?? placeholderIds[0] ?? '',
          quantity: '12',
          reason: 'Livraison fournisseur',
          refKind: 'bon_de_livraison',
          refId: 'BL-2026-0042',
          unitCost: '4.50',
        },
        {
          productId: second ?? first ?? placeholderIds[1] ?? '',
          quantity: '-2',
          reason: 'Casse',
          refKind: '',
          refId: '',
          unitCost: '',
        },
      ]),
    [first, second],
  );
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [text]);
  return url;
}

/** What a movements file holds, column by column, and an example to start from. */
export function CsvHelp() {
  const { t } = useLingui();
  const url = useExampleUrl();
  const meaning: Record<CsvColumn, string> = {
    productId: t`Obligatoire. L’identifiant du produit (prd_…), affiché sur sa fiche.`,
    quantity: t`Obligatoire. Positive pour une entrée, négative pour une sortie, jamais 0 ; 4 décimales au plus.`,
    reason: t`Facultatif. Pourquoi : livraison, casse, retour… (280 caractères au plus).`,
    refKind: t`Facultatif. Le type du document d’origine : bon_de_livraison, commande…`,
    refId: t`Facultatif. Son numéro.`,
    unitCost: t`Facultatif. Le coût unitaire HT d’une entrée : il met à jour le coût moyen du produit.`,
  };
  return (
    <section
      aria-labelledby="csv-help-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm"
    >
      <h2 id="csv-help-title" className="text-lg font-semibold">
        <Trans>Le fichier</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>
          Un fichier CSV (virgules ou points-virgules), une ligne d’en-tête avec ces colonnes, dans n’importe
          quel ordre, puis un mouvement par ligne (200 au plus). Les mouvements s’appliquent dans l’ordre du
          fichier.
        </Trans>
      </p>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t`Colonnes du fichier`}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
              {t`Colonne`}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
              {t`Contenu`}
            </th>
          </tr>
        </thead>
        <tbody>
          {csvColumns.map((column) => (
            <tr key={column} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                {column}
              </th>
              <td className="px-3 py-2">{meaning[column]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {url !== undefined && (
        <a
          href={url}
          download="mouvements-de-stock-exemple.csv"
          className={buttonClass('secondary', 'self-start')}
        >
          <Trans>Télécharger un fichier d’exemple</Trans>
        </a>
      )}
    </section>
  );
}
