import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import type ExcelJS from "exceljs";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import {
  ageOn,
  inSaoPaulo,
  PRODUCT_NAME,
  regionOfState,
  SPONSOR_CSV_COLUMNS,
  sponsorLabel,
  todayInSaoPaulo,
} from "@clube-coroa/schema";
import type { Prisma, User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import type { Logger } from "../../lib/log.js";
import { logDataShares, staffRecipient, type DataRecipient } from "../privacy/data-sharing.service.js";
import { writeAudit } from "./audit.js";
import { requireSuperuser } from "./admin.policy.js";
import { EXPORT_BATCH, type SponsorRowDTO, type SponsorsService } from "./sponsors.service.js";

export interface ExportsDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  sponsors: SponsorsService;
}

/** A file ready to be sent: the door sets the headers from these, then calls `write` with the response. */
export interface Download {
  fileName: string;
  contentType: string;
  /** Streams the whole file into `out` and ends it; rejects (and leaves `out` destroyed) when the file cannot be finished. */
  write(out: Writable): Promise<void>;
}

type Actor = Pick<User, "id" | "role"> | null | undefined;

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first) gets a
 * single quote in front (OWASP's CSV injection advice): shown as typed, never evaluated.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A phone as a person reads it, never as a formula or a number: '55 11 98765-4321' (Brazil) or the
 * international form without its '+' ('351 912 345 678'). Stored phones are E.164 digits; the '+'
 * is left out because a leading '+' is a formula to a spreadsheet (and would be shown quoted), and
 * the spaces keep it text (bare digits become 5,51E+12).
 */
export function phoneForSheet(digits: string): string {
  const phone = parsePhoneNumberFromString(`+${digits}`);
  if (!phone) return digits;
  if (phone.country === "BR") return `${phone.countryCallingCode} ${phone.formatNational().replace(/[()]/g, "")}`;
  return phone.formatInternational().replace(/^\+/, "");
}

/** dd/mm/aaaa of a moment on São Paulo's calendar. */
const ptBrDay = (moment: Date) => todayInSaoPaulo(moment).split("-").reverse().join("/");

/**
 * A moment as Excel's wall-clock date: Excel cells have no time zone, so the cell holds São Paulo's
 * wall clock (exceljs writes a Date's UTC fields).
 */
function excelDateTime(moment: Date | null): Date | null {
  if (!moment) return null;
  const local = inSaoPaulo(moment);
  return new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds()));
}

const receiverGone = () => new Error("download closed by the receiver");

/** Waits while `out` holds more than it asked for; rejects if the receiver went away. */
function drained(out: Writable): Promise<void> {
  if (out.destroyed || out.writableEnded) return Promise.reject(receiverGone());
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off("drain", onDrain);
      out.off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(receiverGone());
    out.on("drain", onDrain);
    out.on("close", onClose);
  });
}

/** How much compressed-but-unsent or produced-but-uncompressed sheet data the writer may hold. */
const SHEET_BACKLOG_BYTES = 1 << 20;

/**
 * Bytes of sheet XML exceljs has produced that the zip has not compressed yet. exceljs's StreamBuf
 * writes into archiver's entry stream without heeding its backpressure, so on a large file the XML
 * piles up there (160 MB for 100,000 rows when the receiver is slow); the writer waits on this
 * itself. It reads exceljs's internals, so it answers null if they moved: a test checks it is found.
 */
export function sheetBacklog(sheet: ExcelJS.Worksheet): number | null {
  type Entry = { _writableState?: { length: number }; _readableState?: { length: number } };
  const entry = (sheet as unknown as { _stream?: { pipes?: Entry[] } })._stream?.pipes?.[0];
  if (!entry?._writableState || !entry._readableState) return null;
  return entry._writableState.length + entry._readableState.length;
}

/** Waits until the receiver and the zip have caught up with what was written; rejects if the receiver went away. */
async function caughtUp(sheet: ExcelJS.Worksheet, out: Writable) {
  await drained(out);
  while ((sheetBacklog(sheet) ?? 0) > SHEET_BACKLOG_BYTES) {
    if (out.destroyed) throw receiverGone();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await drained(out);
  }
}

/** Rejects when `out` closes before the whole file was written into it. */
function closedEarly(out: Writable): Promise<never> {
  const gone = new Promise<never>((_resolve, reject) => {
    if (out.destroyed && !out.writableFinished) return reject(receiverGone());
    out.once("close", () => {
      if (!out.writableFinished) reject(receiverGone());
    });
  });
  gone.catch(() => undefined); // observed through the race it joins
  return gone;
}


/** The sponsor CSV's cells for a row, in SPONSOR_CSV_COLUMNS order, neutralised. */
function sponsorCsvRecord(row: SponsorRowDTO): string[] {
  const cells = [
    row.fullName ?? "",
    phoneForSheet(row.phone),
    row.email ?? "",
    row.plan.toUpperCase(),
    sponsorLabel("region", row.region) ?? "",
    sponsorLabel("businessType", row.businessType) ?? "",
    row.age === null ? "" : String(row.age),
    sponsorLabel("serviceType", row.serviceType) ?? "",
    sponsorLabel("profile", row.entrepreneurProfile) ?? "",
    row.professionalActivity ?? "",
    ptBrDay(new Date(row.createdAt)),
  ];
  return cells.map(neutraliseCell);
}

/** Every member, for the Excel file: her profile (without CPF and street address), plan, role and dates. */
const USER_EXPORT_SELECT = {
  id: true,
  fullName: true,
  nickname: true,
  phone: true,
  email: true,
  plan: true,
  role: true,
  profileComplete: true,
  birthDate: true,
  city: true,
  state: true,
  cep: true,
  neighborhood: true,
  professionalActivity: true,
  interests: true,
  businessType: true,
  serviceType: true,
  entrepreneurProfile: true,
  shareWithSponsors: true,
  melhorEmail: true,
  website: true,
  instagram: true,
  linkedin: true,
  referredById: true,
  whatsappNotificationsEnabled: true,
  createdAt: true,
  updatedAt: true,
  lastSeenAt: true,
} satisfies Prisma.UserSelect;
type ExportedUser = Prisma.UserGetPayload<{ select: typeof USER_EXPORT_SELECT }>;
/** Her fields an Excel file holds, as the sharing log names them (the account's flags and dates aside). */
const USER_EXPORT_FIELDS = Object.keys(USER_EXPORT_SELECT).filter((field) => !["role", "profileComplete", "updatedAt", "lastSeenAt", "referredById", "shareWithSponsors", "whatsappNotificationsEnabled"].includes(field));
/** The sponsor CSV's fields of hers (SPONSOR_CSV_COLUMNS's order), as the sharing log names them. */
const SPONSOR_CSV_FIELDS = ["fullName", "phone", "email", "plan", "region", "businessType", "age", "serviceType", "entrepreneurProfile", "professionalActivity", "createdAt"];

const DATE = "dd/mm/yyyy";
const DATE_TIME = "dd/mm/yyyy hh:mm";
const yesNo = (value: boolean) => (value ? "Sim" : "Não");

/** The Excel columns: header, width, cell format and how a member fills it. */
function userColumns(today: string): { header: string; width: number; numFmt?: string; value: (u: ExportedUser) => ExcelJS.CellValue }[] {
  return [
    { header: "ID", width: 8, numFmt: "0", value: (u) => u.id },
    { header: "Nome", width: 30, value: (u) => u.fullName },
    { header: "Apelido", width: 18, value: (u) => u.nickname },
    { header: "Telefone", width: 20, value: (u) => phoneForSheet(u.phone) },
    { header: "Email", width: 30, value: (u) => u.email },
    { header: "Plano", width: 12, value: (u) => u.plan.toUpperCase() },
    { header: "Papel", width: 14, value: (u) => (u.role === "superuser" ? "Superusuária" : "Membro") },
    { header: "Perfil Completo", width: 10, value: (u) => yesNo(u.profileComplete) },
    { header: "Data de Nascimento", width: 14, numFmt: DATE, value: (u) => u.birthDate },
    { header: "Idade", width: 7, numFmt: "0", value: (u) => (u.birthDate ? ageOn(u.birthDate.toISOString().slice(0, 10), today) : null) },
    { header: "Cidade", width: 20, value: (u) => u.city },
    { header: "Estado", width: 8, value: (u) => u.state },
    { header: "Região", width: 13, value: (u) => sponsorLabel("region", regionOfState(u.state)) },
    { header: "CEP", width: 10, value: (u) => u.cep },
    { header: "Bairro", width: 18, value: (u) => u.neighborhood },
    { header: "Atividade Profissional", width: 28, value: (u) => u.professionalActivity },
    { header: "Interesses", width: 40, value: (u) => u.interests.join(", ") || null },
    { header: "Tipo de Negócio", width: 12, value: (u) => sponsorLabel("businessType", u.businessType) },
    { header: "Atendimento", width: 12, value: (u) => sponsorLabel("serviceType", u.serviceType) },
    { header: "Perfil Empreendedor", width: 18, value: (u) => sponsorLabel("profile", u.entrepreneurProfile) },
    { header: "Compartilha com Patrocinadores", width: 12, value: (u) => yesNo(u.shareWithSponsors) },
    { header: "Melhor Email", width: 28, value: (u) => u.melhorEmail },
    { header: "Site", width: 28, value: (u) => u.website },
    { header: "Instagram", width: 20, value: (u) => u.instagram },
    { header: "LinkedIn", width: 28, value: (u) => u.linkedin },
    { header: "Indicada por (ID)", width: 10, numFmt: "0", value: (u) => u.referredById },
    { header: "Notificações WhatsApp", width: 12, value: (u) => yesNo(u.whatsappNotificationsEnabled) },
    { header: "Data Cadastro", width: 17, numFmt: DATE_TIME, value: (u) => excelDateTime(u.createdAt) },
    { header: "Última Atualização", width: 17, numFmt: DATE_TIME, value: (u) => excelDateTime(u.updatedAt) },
    { header: "Último Acesso", width: 17, numFmt: DATE_TIME, value: (u) => excelDateTime(u.lastSeenAt) },
  ];
}

/**
 * The staff's downloads: the sponsor-data CSV and the Excel file of every member. Each is checked
 * (superusers only), written to the audit log (who, which file, which filters, from where) and
 * then streamed in batches of rows, so the size of the club does not decide the server's memory.
 */
export function createExportsService(deps: ExportsDeps) {
  const { prisma, clock, log, sponsors } = deps;

  const audit = (actorId: number, action: string, data: Record<string, unknown>, ip?: string) => writeAudit(prisma, { actorId, action, data, ip, at: clock.now() });

  /** Each batch of an export written to the sharing log of the members in it: one statement per batch. */
  const logBatch = (recipient: DataRecipient, ids: number[], fields: readonly string[]) => logDataShares(prisma, recipient, ids, fields, clock.now());

  /**
   * 'Exportar CSV' (spec part 2 section 7, done safely): `sponsor-data-YYYY-MM-DD.csv`, the
   * columns in the spec's order, RFC 4180 quoting and CRLF lines (csv-stringify), UTF-8 with a BOM
   * so Excel shows accents, dates in pt-BR, no cell a spreadsheet would run as a formula.
   */
  async function sponsorCsv(actor: Actor, filterInput: unknown, meta: { ip?: string } = {}): Promise<Download> {
    const { id: actorId } = requireSuperuser(actor);
    const { filter, batches } = sponsors.sponsorRowBatches(actor, filterInput);
    const fileName = `sponsor-data-${todayInSaoPaulo(clock.now())}.csv`;
    await audit(actorId, "export.sponsors.csv", { fileName, filter }, meta.ip);
    const recipient = await staffRecipient(prisma, actorId);
    return {
      fileName,
      contentType: "text/csv; charset=utf-8",
      async write(out) {
        // The first batch is read before anything is written: a database that fails now is answered
        // with an error, not with an empty file.
        const head = await batches.next();
        const records = Readable.from(
          (async function* () {
            const records = async function* (rows: SponsorRowDTO[]) {
              await logBatch(recipient, rows.map((row) => row.id), SPONSOR_CSV_FIELDS);
              for (const row of rows) yield sponsorCsvRecord(row);
            };
            if (!head.done) yield* records(head.value);
            for await (const rows of batches) yield* records(rows);
          })(),
        );
        await pipeline(records, stringify({ bom: true, header: true, columns: [...SPONSOR_CSV_COLUMNS], record_delimiter: "windows" }), out);
      },
    };
  }

  /**
   * 'Download Excel': `{product}-users-YYYY-MM-DD.xlsx` with exceljs's streaming writer: a header
   * row (frozen), column widths, dates as date cells (São Paulo's wall clock) and numbers as
   * numbers; members read EXPORT_BATCH at a time by id, each batch written before the next is read,
   * waiting for the zip and the receiver when they are slower than the database (`caughtUp`).
   */
  async function usersXlsx(actor: Actor, meta: { ip?: string } = {}): Promise<Download> {
    const { id: actorId } = requireSuperuser(actor);
    const today = todayInSaoPaulo(clock.now());
    const fileName = `${PRODUCT_NAME}-users-${today}.xlsx`;
    await audit(actorId, "export.users.xlsx", { fileName }, meta.ip);
    const recipient = await staffRecipient(prisma, actorId);
    return {
      fileName,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      async write(out) {
        const columns = userColumns(today);
        const readBatch = (afterId: number) =>
          prisma.user.findMany({ where: { id: { gt: afterId } }, select: USER_EXPORT_SELECT, orderBy: { id: "asc" }, take: EXPORT_BATCH });
        // The first batch is read before the workbook writes anything (see sponsorCsv).
        let users = await readBatch(0);
        // Loaded on the first spreadsheet asked for: ~30 MB of RSS most servers never need (issue 25).
        const { default: Excel } = await import("exceljs");
        const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
        workbook.creator = PRODUCT_NAME;
        workbook.created = clock.now();
        const sheet = workbook.addWorksheet("Usuárias", { views: [{ state: "frozen", ySplit: 1 }] });
        sheet.columns = columns.map((c, i) => ({ key: String(i), header: c.header, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        try {
          for (;;) {
            await logBatch(recipient, users.map((user) => user.id), USER_EXPORT_FIELDS);
            for (const user of users) sheet.addRow(columns.map((c) => c.value(user))).commit();
            await caughtUp(sheet, out);
            if (users.length < EXPORT_BATCH) break;
            users = await readBatch(users[users.length - 1].id);
          }
          sheet.commit();
          // The workbook resolves once `out` has finished; a receiver who leaves first ends the wait.
          await Promise.race([workbook.commit(), closedEarly(out)]);
        } catch (error) {
          log.warn({ err: error, fileName }, "users export stopped");
          out.destroy();
          throw error;
        }
      },
    };
  }

  return { sponsorCsv, usersXlsx };
}

export type ExportsService = ReturnType<typeof createExportsService>;
