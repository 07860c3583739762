import { type FormEvent, useCallback, useRef, useState } from "react";

type Values = Record<string, string | boolean>;
export type FieldErrors<V extends Values> = Partial<Record<keyof V & string, string>>;

/** What an input needs to be one of the form's fields: spread onto the input, which stays uncontrolled. */
export interface FieldRegistration {
  name: string;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => void;
  onChange: (event: { target: EventTarget | null }) => void;
  onBlur: (event: { target: EventTarget | null }) => void;
}

interface Options<V extends Values> {
  /** What each field starts with; an input whose page value differs is set to it as it is registered. */
  defaultValues: V;
  /** The form's rules over all its values: each refused field with its message (loaded when first needed). */
  check: (values: V) => Promise<FieldErrors<V>>;
  /** Every change, with all the values (the draft keeps them). */
  onValuesChange?: (values: V) => void;
}

/**
 * An enquiry form's fields on React alone: uncontrolled inputs (what the server rendered, and what was typed
 * before the code arrived, stay in them), checked by the form's rules once a field is left and, from then on, as it
 * changes; all of them on submit, where the first refused field takes the focus. A field named in `deps` is checked
 * again when this one changes (the email, when the offers box is ticked). Errors the API gives are set by name.
 */
export function useFormFields<V extends Values>({ defaultValues, check, onValuesChange }: Options<V>) {
  type Name = keyof V & string;
  const values = useRef<V>({ ...defaultValues });
  const elements = useRef(new Map<Name, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>());
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [touched, setTouched] = useState<Partial<Record<Name, true>>>({});
  const [dirty, setDirty] = useState<Partial<Record<Name, true>>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  // the latest of each, for the handlers made once per field
  const state = useRef({ touched, isSubmitted, check, onValuesChange });
  state.current = { touched, isSubmitted, check, onValuesChange };
  const registrations = useRef(new Map<Name, FieldRegistration>());

  /** Checks all values and shows the result for `names` only (the others keep what they show). */
  const checkFields = useCallback(async (names: readonly Name[]) => {
    const found = await state.current.check({ ...values.current });
    setErrors((shown) => {
      const next = { ...shown };
      for (const name of names) {
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      return next;
    });
    return found;
  }, []);

  const register = (name: Name, { deps = [] }: { deps?: readonly Name[] } = {}): FieldRegistration => {
    const known = registrations.current.get(name);
    if (known) return known;
    const read = (target: EventTarget | null) =>
      target instanceof HTMLInputElement && target.type === "checkbox"
        ? target.checked
        : (target as HTMLInputElement | HTMLTextAreaElement).value;
    const registration: FieldRegistration = {
      name,
      ref: (element) => {
        if (!element) {
          elements.current.delete(name);
          return;
        }
        elements.current.set(name, element);
        const value = values.current[name];
        if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = Boolean(value);
        else if (element.value !== value) element.value = String(value ?? "");
      },
      onChange: ({ target }) => {
        values.current = { ...values.current, [name]: read(target) };
        setDirty((shown) => (shown[name] ? shown : { ...shown, [name]: true }));
        state.current.onValuesChange?.({ ...values.current });
        if (state.current.touched[name] || state.current.isSubmitted) void checkFields([name, ...deps]);
        else if (deps.length > 0) void checkFields(deps);
      },
      onBlur: () => {
        setTouched((shown) => (shown[name] ? shown : { ...shown, [name]: true }));
        void checkFields([name]);
      },
    };
    registrations.current.set(name, registration);
    return registration;
  };

  /** The submit handler: `send` gets the values when every rule holds; otherwise the first refused field is focused. */
  const handleSubmit = (send: (values: V) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const found = await checkFields(Object.keys(values.current) as Name[]);
    const refused = [...elements.current.keys()].find((name) => found[name]);
    if (refused) {
      elements.current.get(refused)?.focus();
      return;
    }
    await send({ ...values.current });
  };

  const setError = (name: Name, message: string) => setErrors((shown) => ({ ...shown, [name]: message }));

  return { register, handleSubmit, setError, errors, touched, dirty, isSubmitted };
}
