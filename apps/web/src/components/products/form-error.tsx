/** What went wrong with a form as a whole, read out as soon as it shows; nothing when all is well. */
export function FormError({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
      {message}
    </p>
  );
}
