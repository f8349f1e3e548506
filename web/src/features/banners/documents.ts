import { graphql } from "../../gql";

export const BannerFieldsFragment = graphql(`
  fragment BannerFields on Banner {
    id
    url
    alt
    link
  }
`);

/** The live banners of the home page carousel (public). */
export const BannersDocument = graphql(`
  query Banners {
    banners {
      ...BannerFields
    }
  }
`);

/** The whole live list after every change: it replaces the carousel's list (no polling). */
export const BannersUpdatedDocument = graphql(`
  subscription BannersUpdated {
    bannersUpdated {
      ...BannerFields
    }
  }
`);
