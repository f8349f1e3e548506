import { useMutation, useQuery } from "@apollo/client/react";
import { useRef, useState, type FormEvent } from "react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { Field } from "../../components/Field";
import { useToast } from "../../components/Toast";
import { formatDate } from "../../lib/format";
import { serverMessageOf } from "../../lib/errors";
import { AdminSection, DataTable, Nowrap, TableRows, StatusBadge } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import { AddSuperUserDocument, SuperUsersDocument } from "./documents";

const T = ADMIN_TEXTS.superUsers;
const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  & > :first-child { flex: 1 1 260px; }
  & > button { margin-top: calc(1.5em + ${({ theme }) => theme.space.xs}); }
`;

/** 'Gestão de SuperUsuárias': add one by phone (an invite when she has no account yet) and the list. */
export function SuperUsersSection() {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useQuery(SuperUsersDocument, { notifyOnNetworkStatusChange: true });
  const [addSuperUser] = useMutation(AddSuperUserDocument);
  const [phone, setPhone] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const superUsers = data?.superUsers ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adding) return;
    const value = phone.trim();
    if (!value) {
      setFieldError(T.phoneRequired);
      inputRef.current?.focus();
      return;
    }
    setAdding(true);
    const failed = (text: string) => toast({ title: T.errorTitle, description: text, variant: "destructive" });
    try {
      const { data: answer } = await addSuperUser({ variables: { phone: value } });
      const result = answer?.addSuperUser;
      if (result?.__typename === "SuperUser") {
        toast({ title: T.addedTitle, description: result.pending ? T.invitedText(result.phone) : T.addedText(result.phone) });
        setPhone("");
        setFieldError(null);
        await refetch().catch(() => undefined);
        return;
      }
      if (result?.__typename === "AppError") {
        setFieldError(result.message);
        inputRef.current?.focus();
        failed(result.message);
        return;
      }
      failed(T.errorText);
    } catch (failure) {
      failed(serverMessageOf(failure) ?? T.errorText);
    } finally {
      setAdding(false);
    }
  };

  return (
    <AdminSection title={T.title} busy={loading}>
      <Form noValidate onSubmit={submit} aria-busy={adding}>
        <Field
          ref={inputRef}
          label={T.phoneLabel}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={T.phonePlaceholder}
          value={phone}
          hint={T.phoneHint}
          error={fieldError}
          onChange={(e) => {
            setPhone(e.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
        <Button type="submit" disabled={adding} aria-busy={adding}>
          {adding ? T.adding : T.add}
        </Button>
      </Form>
      <DataTable
        caption={T.caption}
        minWidth={560}
        columns={[T.columns.name, T.columns.phone, T.columns.email, T.columns.createdAt]}
      >
        <TableRows
          loading={!data && loading}
          failed={!data && !!error}
          empty={superUsers.length === 0}
          texts={T}
          onRetry={() => void refetch().catch(() => undefined)}
        >
          {superUsers.map((su) => (
            <tr key={`${su.id ?? "invite"}-${su.phone}`}>
              <th scope="row">
                {su.pending ? <StatusBadge tone="warning">{T.pending}</StatusBadge> : (su.fullName ?? ADMIN_TEXTS.reports.noName)}
              </th>
              <td>
                <Nowrap>{su.phone}</Nowrap>
              </td>
              <td>{su.email ?? ""}</td>
              <td>
                <Nowrap>{formatDate(su.createdAt)}</Nowrap>
              </td>
            </tr>
          ))}
        </TableRows>
      </DataTable>
    </AdminSection>
  );
}
