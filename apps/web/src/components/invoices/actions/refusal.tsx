import { serverErrorOf } from '../../../forms/server-error.ts';

/** A refused action, in words, inside its dialog: the message, then each field the server named. */
export function Refusal({ error, message }: { error: unknown; message: string }) {
  const details = (serverErrorOf(error)?.details ?? []).filter((detail) => detail.path !== '(root)');
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{message}</p>
      {details.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {details.map((detail) => (
            <li key={`${detail.path}-${detail.message}`}>
              <code>{detail.path}</code> : {detail.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
