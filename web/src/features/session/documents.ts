import { graphql } from "../../gql";

export const SessionUserFragment = graphql(`
  fragment SessionUser on User {
    id
    phone
    email
    plan
    profileComplete
    fullName
    nickname
    isSuperuser
    referralCode
  }
`);

export const MeDocument = graphql(`
  query Me {
    me {
      ...SessionUser
    }
  }
`);

export const MeUpdatedDocument = graphql(`
  subscription MeUpdated {
    meUpdated {
      ...SessionUser
    }
  }
`);

export const LogoutDocument = graphql(`
  mutation Logout {
    logout
  }
`);
