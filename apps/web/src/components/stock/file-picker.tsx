import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

/**
 * Choose a CSV file, or drop it on the zone: the zone is the file input's label, so a click on
 * it, the keyboard (Tab to the input, then Enter or Space) and a drop all end in `onFile`.
 */
export function FilePicker({
  fileName,
  onFile,
}: {
  fileName: string | undefined;
  onFile: (file: File) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div className="flex flex-col items-stretch gap-3">
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const file = event.dataTransfer.files[0];
          if (file !== undefined) onFile(file);
        }}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed p-8 text-center ${
          over ? 'border-brand-700 bg-slate-50' : 'border-slate-300 bg-white'
        }`}
      >
        <span className="font-medium">{t`Fichier CSV des mouvements`}</span>
        <span className="text-sm text-slate-700">
          <Trans>Déposez-le ici, ou cliquez pour le choisir.</Trans>
        </span>
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file !== undefined) onFile(file);
          // The same file chosen again (after fixing it) is read again.
          event.target.value = '';
        }}
        className="self-center text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-medium"
      />
      {fileName !== undefined && (
        <p className="text-center text-sm text-slate-700">
          <Trans>Fichier lu : {fileName}</Trans>
        </p>
      )}
    </div>
  );
}
