import { graphql } from "../gql";

/**
 * What every mutation and query asks of a refusal (`AppError`): its code, its Portuguese text and, for
 * a form, the text of each field. Documents spread it (`...AppErrorFields`) in their result union;
 * codegen adds its definition to each of them, so nothing imports this module.
 */
export const AppErrorFieldsFragment = graphql(`
  fragment AppErrorFields on AppError {
    code
    message
    fieldErrors {
      field
      message
    }
  }
`);
