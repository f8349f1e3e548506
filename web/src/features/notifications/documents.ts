import { graphql } from "../../gql";

export const NotificationFieldsFragment = graphql(`
  fragment NotificationFields on Notification {
    id
    type
    title
    body
    link
    createdAt
    readAt
  }
`);

/** 'Avisos': one page, newest first (`after`: the previous page's nextCursor). */
export const NotificationCentreDocument = graphql(`
  query NotificationCentre($after: String) {
    notificationCentre(after: $after) {
      __typename
      ... on NotificationCentre {
        items {
          ...NotificationFields
        }
        unread
        nextCursor
      }
      ...AppErrorFields
    }
  }
`);

/** The bell's count (the same cache field as the page: see the type policy in lib/apollo.ts). */
export const NotificationUnreadDocument = graphql(`
  query NotificationUnread {
    notificationCentre {
      __typename
      ... on NotificationCentre {
        unread
      }
      ...AppErrorFields
    }
  }
`);

export const NotificationCentreChangedDocument = graphql(`
  subscription NotificationCentreChanged {
    notificationCentreChanged {
      entry {
        ...NotificationFields
      }
      unread
    }
  }
`);

export const MarkNotificationsReadDocument = graphql(`
  mutation MarkNotificationsRead($ids: [Int!], $all: Boolean) {
    markNotificationsRead(ids: $ids, all: $all) {
      __typename
      ... on MarkNotificationsReadPayload {
        unread
      }
      ...AppErrorFields
    }
  }
`);

/** Her choices per type and channel, and her quiet hours: what the page shows and each save answers. */
export const NotificationPreferencesFieldsFragment = graphql(`
  fragment NotificationPreferencesFields on NotificationPreferences {
    types {
      type
      inApp
      push
      whatsapp
    }
    quietHours {
      start
      end
    }
  }
`);

export const NotificationPreferencesDocument = graphql(`
  query NotificationPreferences {
    notificationPreferences {
      ...NotificationPreferencesFields
    }
  }
`);

export const UpdateNotificationPreferencesDocument = graphql(`
  mutation UpdateNotificationPreferences($types: [NotificationTypePreferenceInput!], $quietHours: QuietHoursInput) {
    updateNotificationPreferences(types: $types, quietHours: $quietHours) {
      __typename
      ...NotificationPreferencesFields
      ...AppErrorFields
    }
  }
`);
