import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_NAME } from "@clube-coroa/schema";
import { createMember, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";
import { EXPORT_BATCH } from "./sponsors.service.js";
import { Writable } from "node:stream";
import { neutraliseCell, phoneForSheet, sheetBacklog } from "./exports.js";

// More members than one batch, so every file is written from several statements.
const CROWD = EXPORT_BATCH * 2 + 37;
const PREFIX = "55613";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  admin = await createMember(t, PREFIX);
  await t.app.services.prisma.user.update({ where: { id: admin.user.id }, data: { role: "superuser" } });
  member = await createMember(t, PREFIX);
  await t.app.services.prisma.user.update({
    where: { id: member.user.id },
    data: {
      fullName: '=Carla "Coroa", Aceitação',
      birthDate: new Date("1980-03-10T00:00:00Z"),
      state: "RS",
      city: "Porto Alegre",
      interests: ["Moda", "Voluntariado"],
      businessType: "serviço",
      shareWithSponsors: true,
      createdAt: new Date("2026-01-15T02:30:00Z"),
    },
  });
  await t.app.services.prisma.user.createMany({
    data: Array.from({ length: CROWD }, (_, i) => ({
      phone: `${PREFIX}2${String(i).padStart(7, "0")}`,
      fullName: `Empreendedora ${i}`,
      plan: (["nobreza", "alteza", "majestade"] as const)[i % 3],
      state: i % 2 ? "SP" : "BA",
      shareWithSponsors: i % 4 !== 0,
    })),
  });
});
afterAll(async () => {
  await t?.close();
});

const download = async (client: TestClient | null, path: string) => {
  const response = await fetch(`${t.url}${path}`, { headers: client ? { cookie: client.cookieHeader } : {} });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe("the Excel file of every member", () => {
  it("is refused to an anonymous caller (401) and to a member (403), also with a user-id header naming a superuser", async () => {
    expect((await new TestClient(t.url).rest("GET", "/api/admin/users-download")).status).toBe(401);
    expect((await member.client.rest("GET", "/api/admin/users-download")).status).toBe(403);
    expect((await member.client.rest("GET", "/api/admin/users-download", undefined, { "user-id": String(admin.user.id) })).status).toBe(403);
    expect(await t.app.services.prisma.auditLog.count({ where: { action: "export.users.xlsx" } })).toBe(0);
  });

  it("holds every member, a frozen header, widths, typed dates and numbers, under the product's name and today's date", async () => {
    const { response, bytes } = await download(admin.client, "/api/admin/users-download");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const fileName = `${PRODUCT_NAME}-users-2026-03-10.xlsx`;
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Usuárias");
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 8)).toEqual(["ID", "Nome", "Apelido", "Telefone", "Email", "Plano", "Papel", "Perfil Completo"]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(2).width).toBe(30);
    const column = (name: string) => header.indexOf(name) + 1;

    const total = await t.app.services.prisma.user.count();
    expect(total).toBe(CROWD + 2);
    expect(sheet.rowCount).toBe(total + 1);
    const idsInFile = new Set<number>();
    sheet.eachRow((row, n) => {
      if (n > 1) idsInFile.add(row.getCell(1).value as number);
    });
    const everyId = (await t.app.services.prisma.user.findMany({ select: { id: true } })).map((u) => u.id);
    expect([...idsInFile].sort((a, b) => a - b)).toEqual(everyId.sort((a, b) => a - b));

    let carla: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === member.user.id) carla = row;
    });
    expect(carla).toBeDefined();
    const cell = (name: string) => carla!.getCell(column(name));
    expect(cell("Nome").value).toBe('=Carla "Coroa", Aceitação'); // a text cell: Excel never runs it
    expect(cell("Nome").type).toBe(ExcelJS.ValueType.String);
    expect(cell("Plano").value).toBe("ALTEZA");
    expect(cell("Papel").value).toBe("Membro");
    expect(cell("Data de Nascimento").value).toEqual(new Date("1980-03-10T00:00:00Z"));
    expect(cell("Data de Nascimento").numFmt).toBe("dd/mm/yyyy");
    expect(cell("Idade").value).toBe(46);
    expect(cell("Idade").type).toBe(ExcelJS.ValueType.Number);
    expect(cell("Região").value).toBe("Sul");
    expect(cell("Interesses").value).toBe("Moda, Voluntariado");
    expect(cell("Tipo de Negócio").value).toBe("Serviço");
    expect(cell("Compartilha com Patrocinadores").value).toBe("Sim");
    // 02:30 UTC on 15 January is 23:30 on the 14th in São Paulo: the cell shows her wall clock.
    expect(cell("Data Cadastro").value).toEqual(new Date("2026-01-14T23:30:00Z"));
    expect(cell("Data Cadastro").numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(cell("Último Acesso").value).toBeNull();
    const adminRow = sheet.findRow([...idsInFile].sort((a, b) => a - b).indexOf(admin.user.id) + 2)!;
    expect(adminRow.getCell(column("Papel")).value).toBe("Superusuária");

    const entry = await t.app.services.prisma.auditLog.findFirst({ where: { action: "export.users.xlsx" }, orderBy: { id: "desc" } });
    expect(entry).toMatchObject({ actorId: admin.user.id, data: { fileName } });
    expect(entry?.ip).toMatch(/127\.0\.0\.1/);
  });

  it("keeps serving when the receiver leaves in the middle of a download", async () => {
    const controller = new AbortController();
    const response = await fetch(`${t.url}/api/admin/users-download`, { headers: { cookie: admin.client.cookieHeader }, signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => undefined);
    const again = await download(admin.client, "/api/admin/users-download");
    expect(again.response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(again.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(CROWD + 3);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});

describe("whole sponsor lists, several batches long", () => {
  it("streams every consenting member as JSON and as CSV, once each, in id order", async () => {
    const consenting = await t.app.services.prisma.user.findMany({ where: { shareWithSponsors: true }, select: { id: true }, orderBy: { id: "asc" } });
    expect(consenting.length).toBeGreaterThan(EXPORT_BATCH);
    const json = await admin.client.rest("GET", "/api/admin/sponsor-users");
    expect(json.status).toBe(200);
    expect(json.body.map((row: { id: number }) => row.id)).toEqual(consenting.map((u) => u.id));

    const { bytes } = await download(admin.client, "/api/admin/sponsor-users?format=csv");
    const rows = parse(bytes, { bom: true }) as string[][];
    expect(rows).toHaveLength(consenting.length + 1);
    expect(rows.every((row) => row.length === 11)).toBe(true);

    const sudeste = await admin.client.rest("GET", "/api/admin/sponsor-users?region=sudeste");
    const expected = await t.app.services.prisma.user.count({ where: { shareWithSponsors: true, state: "SP" } });
    expect(sudeste.body).toHaveLength(expected);
  });
});

describe("cells", () => {
  it("neutralises what a spreadsheet would run: =, +, -, @, tab and carriage return first", () => {
    expect(["=1+1", "+55", "-2", "@SUM(A1)", "\tx", "\rx", "Ana", "", "a=b"].map(neutraliseCell)).toEqual([
      "'=1+1", "'+55", "'-2", "'@SUM(A1)", "'\tx", "'\rx", "Ana", "", "a=b",
    ]);
  });

  it("can see how much sheet data exceljs holds uncompressed (the internals the writer waits on are where it looks)", async () => {
    const sink = new Writable({ write: (_chunk, _encoding, done) => setTimeout(done, 50) });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet("x");
    sheet.columns = [{ key: "a", header: "a" }];
    for (let i = 0; i < 20_000; i++) sheet.addRow([`linha ${i} com algum texto para ocupar espaço`]).commit();
    expect(sheetBacklog(sheet)).toBeGreaterThan(0);
    sheet.commit();
    await workbook.commit();
  });

  it("writes phones readable, never with a leading '+'", () => {
    expect(phoneForSheet("5511987654321")).toBe("55 11 98765-4321");
    expect(phoneForSheet("551133334444")).toBe("55 11 3333-4444");
    expect(phoneForSheet("351912345678")).toBe("351 912 345 678");
    expect(phoneForSheet("12")).toBe("12");
  });
});
