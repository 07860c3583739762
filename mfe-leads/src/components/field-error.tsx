/** Why what was typed in a field is refused, announced, with the id the field's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="leads-form__error" role="alert">
      {message}
    </p>
  );
}
