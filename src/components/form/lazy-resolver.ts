import type { FieldValues, Resolver } from "react-hook-form";
import type { AnyObjectSchema } from "yup";

export type LazyResolver<T extends FieldValues> = Resolver<T> & {
  /** Starts loading the validation (e.g. when the visitor first focuses a field), so submitting does not wait for it. */
  preload: () => void;
};

/**
 * A react-hook-form resolver for a yup schema of `src/contracts` that loads yup, the schema (with
 * libphonenumber) and the resolver on first use instead of with the page. Should they fail to load
 * (the network dropped), the form is sent unchecked: the platform validates the same schema and
 * answers with field errors the form shows.
 */
export function lazyYupResolver<T extends FieldValues>(loadSchema: () => Promise<unknown>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import("@hookform/resolvers/yup")])
      .then(([schema, { yupResolver }]) => yupResolver(schema as AnyObjectSchema) as unknown as Resolver<T>)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => {
    let resolve: Resolver<T>;
    try {
      resolve = await load();
    } catch {
      return { values, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
