import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { useId, useState, type ReactNode } from "react";
import styled from "styled-components";
import {
  DEFAULT_QUIET_HOURS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationTypeName,
} from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Switch } from "../../components/FormControls";
import { SectionCard } from "../../components/Page";
import { useToast } from "../../components/Toast";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import type { NotificationPreferencesQuery, NotificationType } from "../../gql/graphql";
import { NotificationPreferencesDocument, UpdateNotificationPreferencesDocument } from "./documents";
import { NOTIFICATION_WEB_TEXTS } from "./notificationTexts";

const T = NOTIFICATION_WEB_TEXTS.preferences;
const W = NOTIFICATION_WEB_TEXTS;

type Preferences = NotificationPreferencesQuery["notificationPreferences"];
type QuietHours = { start: string; end: string } | null;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption { text-align: left; font-weight: ${({ theme }) => theme.fontWeights.bold}; margin-bottom: ${({ theme }) => theme.space.xs}; }
  th, td { padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.xxs}; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  thead th { border-top: none; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
  thead th:first-child { text-align: left; }
  th[scope="row"] { text-align: left; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  td, thead th:not(:first-child) { text-align: center; width: 4.5rem; }
  input {
    width: 24px;
    height: 24px;
    margin: 10px;
    accent-color: ${({ theme }) => theme.colors.brand};
    cursor: pointer;
  }
`;

const Quiet = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  legend { padding: 0; margin-bottom: ${({ theme }) => theme.space.xs}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

const Times = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  label { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.xxs}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  input {
    min-height: ${({ theme }) => theme.tapTarget};
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    font: inherit;
  }
`;

const Slot = styled.div`
  &:empty { display: none; }
`;

/**
 * 'Notificações' on /perfil (issue 29): each kind of notice × 'No app' / 'Push' / 'WhatsApp', and
 * 'Não perturbe' for push and WhatsApp. Each change is saved at once (shown before the answer).
 * `pushControl`: the push switch of this device (feature push; the profile page passes it);
 * nothing is drawn there without it.
 */
export function NotificationPreferences({ pushControl }: { pushControl?: ReactNode }) {
  const titleId = useId();
  const { data, loading, error, refetch } = useQuery(NotificationPreferencesDocument, { fetchPolicy: "cache-and-network" });
  const preferences = data?.notificationPreferences;
  return (
    <SectionCard aria-labelledby={titleId}>
      <h2 id={titleId}>{T.title}</h2>
      <Muted>{T.lead}</Muted>
      <Slot data-slot="push-control">{pushControl}</Slot>
      {!preferences && loading && <Muted role="status">{T.loading}</Muted>}
      {!preferences && !loading && error && (
        <div role="alert">
          <Muted>{T.loadFailed}</Muted>
          <Button $variant="outline" onClick={() => void refetch().catch(() => undefined)}>
            {T.retry}
          </Button>
        </div>
      )}
      {preferences && <PreferencesForm preferences={preferences} />}
    </SectionCard>
  );
}

function usePreferenceSaver(preferences: Preferences) {
  const client = useApolloClient();
  const { toast } = useToast();
  const [update] = useMutation(UpdateNotificationPreferencesDocument);
  return async (change: { types?: { type: NotificationType; channel: NotificationChannel; value: boolean }; quietHours?: QuietHours }) => {
    const types = change.types
      ? preferences.types.map((t) => (t.type === change.types?.type ? { ...t, [change.types.channel]: change.types.value } : t))
      : preferences.types;
    const quietHours = change.quietHours !== undefined ? change.quietHours : preferences.quietHours;
    const failed = () => toast({ title: T.errorTitle, description: T.saveFailed, variant: "destructive" });
    try {
      const { data } = await update({
        variables: {
          ...(change.types ? { types: [{ type: change.types.type, [change.types.channel]: change.types.value }] } : {}),
          ...(change.quietHours !== undefined ? { quietHours: change.quietHours } : {}),
        },
        optimisticResponse: {
          updateNotificationPreferences: {
            __typename: "NotificationPreferences",
            // The cache stores these nested objects with their type names (codegen's types leave them out).
            types: types.map((t) => ({ ...t, __typename: "NotificationTypePreference" })) as Preferences["types"],
            quietHours: (quietHours ? { ...quietHours, __typename: "QuietHours" } : null) as Preferences["quietHours"],
          },
        },
        update: (cache, { data: answer }) => {
          const result = answer?.updateNotificationPreferences;
          if (result?.__typename !== "NotificationPreferences") return;
          const notificationPreferences = { ...result, __typename: "NotificationPreferences" } as Preferences;
          cache.writeQuery({ query: NotificationPreferencesDocument, data: { notificationPreferences } });
        },
      });
      if (data?.updateNotificationPreferences.__typename !== "NotificationPreferences") return failed();
      // WhatsApp of new messages is the profile's 'Receber notificações pelo WhatsApp': both show the same.
      if (change.types?.type === "new_message" && change.types.channel === "whatsapp") {
        client.refetchQueries({ include: ["MyProfile"] }).catch(() => undefined);
      }
      toast({ title: T.saved });
    } catch {
      failed();
    }
  };
}

function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const save = usePreferenceSaver(preferences);
  const byType = new Map(preferences.types.map((t) => [t.type as string, t]));
  return (
    <>
      <Table>
        <caption>{T.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.typeColumn}</th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <th scope="col" key={channel}>
                {W.channels[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_TYPES.map((type: NotificationTypeName) => {
            const choice = byType.get(type);
            if (!choice) return null;
            return (
              <tr key={type}>
                <th scope="row">{W.types[type]}</th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel}>
                    <label>
                      <input
                        type="checkbox"
                        checked={choice[channel]}
                        onChange={(e) => void save({ types: { type: choice.type, channel, value: e.target.checked } })}
                      />
                      <VisuallyHidden>{`${W.channels[channel]}: ${W.types[type]}`}</VisuallyHidden>
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </Table>
      <Muted>{T.whatsappNote}</Muted>
      <QuietHoursField quietHours={preferences.quietHours ?? null} onSave={(quietHours) => void save({ quietHours })} />
    </>
  );
}

function QuietHoursField({ quietHours, onSave }: { quietHours: QuietHours; onSave: (value: QuietHours) => void }) {
  const ids = { start: useId(), end: useId(), error: useId() };
  // Only the times: the cached answer carries its type name, which an input must not.
  const times = (value: QuietHours) => (value ? { start: value.start, end: value.end } : null);
  const [draft, setDraft] = useState(times(quietHours) ?? times(DEFAULT_QUIET_HOURS) ?? { start: "22:00", end: "08:00" });
  const [shown, setShown] = useState(quietHours);
  // A new answer from the server (saved here or elsewhere) becomes the times shown.
  if (quietHours !== shown) {
    setShown(quietHours);
    if (quietHours) setDraft({ start: quietHours.start, end: quietHours.end });
  }
  const invalid = draft.start === draft.end;
  const changed = !!quietHours && (draft.start !== quietHours.start || draft.end !== quietHours.end);
  return (
    <Quiet>
      <legend>{T.quietTitle}</legend>
      <Switch checked={!!quietHours} label={T.quietSwitch} hint={T.quietHint} onChange={(on) => onSave(on ? draft : null)} />
      {quietHours && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!invalid) onSave(draft);
          }}
        >
          <Times>
            <label htmlFor={ids.start}>
              {T.quietFrom}
              <input id={ids.start} type="time" required value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
            </label>
            <label htmlFor={ids.end}>
              {T.quietTo}
              <input id={ids.end} type="time" required value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.target.value })} />
            </label>
            <Button type="submit" $variant="outline" disabled={!changed || invalid} aria-describedby={invalid ? ids.error : undefined}>
              {T.quietSave}
            </Button>
          </Times>
          {invalid && (
            <Muted id={ids.error} role="alert">
              {T.quietInvalid}
            </Muted>
          )}
        </form>
      )}
    </Quiet>
  );
}
