import { Permission, ServerCode, type TicketRecord, ticketEndpoints, ticketListColumns } from '@cellsight/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { newId } from '../src/lib/ids.js';
import { waitFor } from './support/device.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { type LiveEvents, listenLive } from './support/live-events.js';
import { mailBody, startSmtpServer } from './support/message-servers.js';
import { png, upload } from './support/upload.js';
import { addStationWithLoggers } from './support/fleet.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

const count = async (t: TestApp, query: ReturnType<typeof sql>): Promise<number> => ((await t.app.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;


const ticket = (stationId: string, extra: Record<string, unknown> = {}) => ({
  title: 'Battery shows a fault',
  category: 'defect',
  stationId,
  contact: 'Erika Muster',
  contact_mobile: '13812345678',
  description: 'The second pack reports a cell voltage fault every morning.',
  ...extra,
});

describeListEndpoint('tickets', {
  url: '/boot/want/ticket/list',
  columns: ticketListColumns,
  permission: Permission.TicketList,
  async seed(t, admin) {
    const station = await addStationWithLoggers(t, admin, { name: 'Ticket list station', gsns: ['TKLIST0001'] });
    for (const [title, category] of [
      ['Display flickers', 'defect'],
      ['Add a weekly report', 'suggestion'],
      ['Pack offline', 'defect'],
    ] as const) {
      const response = await t.request({ method: 'POST', url: '/boot/want/ticket/add', token: admin, payload: ticket(station, { title, category }) });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  async foreign(t) {
    await t.app.db.execute(sql`insert into sys_tenant (id, name) values (9, 'Tenant 9') on conflict do nothing`);
    const id = newId();
    await t.app.db.execute(sql`insert into tb_ticket (id, tenant_id, order_no, title, category, station_id, contact, contact_mobile, description, submitter_id)
      values (${id}, 9, 'WO20260101999999', 'Foreign', 'defect', 'nowhere', 'X', '13812345678', 'Another company', 'someone')`);
    return id;
  },
  writes: [
    { method: 'POST', url: '/boot/want/ticket/add' },
    { method: 'POST', url: '/boot/want/ticket/reply' },
    { method: 'POST', url: '/boot/want/ticket/transition' },
    { method: 'POST', url: '/boot/want/ticket/close' },
  ],
});

/**
 * The demo hierarchy: distributor → installer → enduser owns station A; distributor → installer2 →
 * enduser2 owns station B. Mail goes through an in-process SMTP server.
 */
describe('tickets', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const token = {} as Record<'admin' | 'distributor' | 'installer' | 'installer2' | 'enduser' | 'enduser2' | 'demo', string>;
  type Who = keyof typeof token;
  let stationA = '';
  let stationB = '';
  const mail = { distributor: 'distributor@example.com', installer: 'installer@example.com', installer2: 'installer2@example.com', enduser: 'enduser@example.com', enduser2: 'enduser2@example.com' };

  // Whatever Host a caller sends, the links in mail start with PUBLIC_URL.
  const post = (who: Who, call: string, payload: object) => t.request({ method: 'POST', url: `/boot/want/ticket/${call}`, token: token[who], payload, headers: { host: 'phish.invalid' } });
  const get = (who: Who, url: string) => t.request({ method: 'GET', url: `/boot/want/ticket/${url}`, token: token[who] });
  const attach = async (who: Who, name = 'photo.png', file: Buffer = png, type = 'image/png') => {
    const response = await upload(t, token[who], file, name, type, 'ticket');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().message as string;
  };
  /** Files a ticket on station A as `who`; its id and order number. */
  const file = async (who: Who = 'enduser', extra: Record<string, unknown> = {}) => {
    const response = await post(who, 'add', ticket(stationA, extra));
    expect(response.statusCode, response.body).toBe(200);
    return { id: response.json().result as string, orderNo: response.json().message as string };
  };
  const move = (who: Who, id: string, action: string) => post(who, 'transition', { id, action });
  const rating = { resolved: true, speedRating: 5, attitudeRating: 4 };
  const threadOf = (who: Who, id: string) => t.call(ticketEndpoints.thread, { token: token[who], query: { id } });
  const statusOf = async (id: string) => ((await get('admin', `queryById?id=${id}`)).json().result as TicketRecord).status;
  const listOf = async (who: Who, query = '') => {
    const response = await get(who, `list?pageSize=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.records as TicketRecord[];
  };
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  /** A received mail's text, quoted-printable decoded. */

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The stand-in SMTP server listens on loopback, which only OUTBOUND_ALLOW opens.
    t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://console.example.com', OUTBOUND_ALLOW: '127.0.0.1' });
    token.admin = await t.login('admin', adminPassword);
    for (const [who, password] of [
      ['distributor', 'Distributor2026'],
      ['installer', 'Installer2026'],
      ['installer2', 'Installer2026'],
      ['enduser', 'Enduser2026'],
      ['enduser2', 'Enduser2026'],
      ['demo', 'Demo2026'],
    ] as const) {
      token[who] = await t.login(who, password);
    }
    for (const [username, email] of Object.entries(mail)) await t.app.db.update(users).set({ email }).where(eq(users.username, username));
    stationA = await addStationWithLoggers(t, token.admin, { name: 'Ticket station A', gsns: ['TKSCOPEA01'], masterId: 'u-demo-end-user' });
    stationB = await addStationWithLoggers(t, token.admin, { name: 'Ticket station B', gsns: ['TKSCOPEB01'], masterId: 'u-demo-end-user-2' });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('files a ticket with attachments on the submitter’s station; its installer and distributor hear of it live and by mail, nobody else', async () => {
    const listeners: Record<string, LiveEvents> = {};
    for (const who of ['installer', 'distributor', 'installer2', 'enduser2', 'admin'] as const) listeners[who] = await listenLive(t, token[who]);
    try {
      const attachments = [await attach('enduser', 'front.png'), await attach('enduser', 'back.png')];
      const { id, orderNo } = await file('enduser', { attachments });
      expect(orderNo).toMatch(/^WO\d{8}\d{6}$/);

      const record = (await get('enduser', `queryById?id=${id}`)).json().result as TicketRecord;
      expect(record).toMatchObject({
        orderNo,
        title: 'Battery shows a fault',
        category: 'defect',
        category_dictText: 'Defect',
        status: 'pending',
        status_dictText: 'Awaiting acceptance',
        stationId: stationA,
        stationName: 'Ticket station A',
        submitterId: 'u-demo-end-user',
        submitterName: 'Demo End User',
        contact_mobile: '13812345678',
        attachments,
        resolved: null,
        createBy: 'enduser',
      });
      // The files are there to look at, for who sees the ticket (file-access.test.ts has the rest of the rule).
      expect((await t.request({ method: 'GET', url: `/boot/sys/common/view/${attachments[0]}`, token: token.installer })).statusCode).toBe(200);

      for (const who of ['installer', 'distributor', 'admin'] as const) {
        await waitFor(async () => listeners[who]!.heard.filter((m) => m.event === 'ticket.changed').length, (n) => n === 1);
        expect(listeners[who]!.heard.find((m) => m.event === 'ticket.changed')?.data).toEqual({ id, orderNo, status: 'pending', change: 'created' });
      }
      await waitFor(async () => mailsTo(mail.installer).length + mailsTo(mail.distributor).length, (n) => n === 2);
      const sent = mailBody(mailsTo(mail.installer)[0]!);
      expect(sent).toContain(orderNo);
      expect(sent).toContain('Ticket station A');
      expect(sent).toContain(`Open it in the console: https://console.example.com/worklist/detail?id=${id}`);
      expect(sent).not.toContain('phish.invalid');
      // The other branch and the submitter are not told.
      expect(listeners.installer2!.heard.filter((m) => m.event === 'ticket.changed')).toEqual([]);
      expect(listeners.enduser2!.heard.filter((m) => m.event === 'ticket.changed')).toEqual([]);
      expect(mailsTo(mail.installer2)).toEqual([]);
      expect(mailsTo(mail.enduser)).toEqual([]);
    } finally {
      for (const listener of Object.values(listeners)) listener.close();
    }
  });

  it('refuses a ticket on a station the submitter cannot see (404 naming stationId), and stores nothing', async () => {
    const before = await count(t, sql`select count(*)::int as n from tb_ticket`);
    for (const stationId of [stationB, 'no-such-station']) {
      const response = await post('enduser', 'add', ticket(stationId));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND, result: { errors: [{ field: 'stationId' }] } });
    }
    expect(await count(t, sql`select count(*)::int as n from tb_ticket`)).toBe(before);
  });

  it('shows a ticket only within the scope: the submitter, the accounts above it and administrators; 404 for anyone else', async () => {
    const { id } = await file('enduser');
    for (const who of ['enduser', 'installer', 'distributor', 'admin'] as const) {
      expect((await get(who, `queryById?id=${id}`)).statusCode, who).toBe(200);
      expect((await threadOf(who, id)).statusCode, who).toBe(200);
      expect((await listOf(who)).map((r) => r.id), who).toContain(id);
    }
    for (const who of ['installer2', 'enduser2', 'demo'] as const) {
      expect((await get(who, `queryById?id=${id}`)).statusCode, who).toBe(404);
      expect((await threadOf(who, id)).statusCode, who).toBe(404);
      expect((await listOf(who)).map((r) => r.id), who).not.toContain(id);
    }
    expect((await post('installer2', 'transition', { id, action: 'accept' })).statusCode).toBe(404);
    expect((await post('enduser2', 'reply', { ticketId: id, content: 'hello' })).statusCode).toBe(404);
    expect((await post('installer2', 'reply', { ticketId: id, content: 'hello' })).json()).toMatchObject({ code: ServerCode.NOT_FOUND, result: { errors: [{ field: 'ticketId' }] } });
    expect(await statusOf(id)).toBe('pending');
    // The demo account may look at its own branch but never write.
    expect((await post('demo', 'add', ticket(stationA))).statusCode).toBe(403);
  });

  it('moves a ticket only forward, each move by the side allowed, and refuses every other move', async () => {
    const { id } = await file('enduser');
    // The submitter holds no handling permission at all.
    expect((await move('enduser', id, 'accept')).statusCode).toBe(403);
    // From pending only accept.
    for (const action of ['start', 'finish']) {
      const refused = await move('installer', id, action);
      expect(refused.statusCode, action).toBe(400);
      expect(refused.json()).toMatchObject({ code: ServerCode.OPERATION_FAILED, result: { errors: [{ field: 'action' }] } });
    }
    expect((await move('installer', id, 'accept')).json()).toMatchObject({ success: true, result: 'processing' });
    expect((await move('distributor', id, 'accept')).statusCode).toBe(400);
    expect((await move('installer', id, 'finish')).statusCode).toBe(400);
    // Anyone of the handling side may take the next step: the distributor starts, an administrator finishes.
    expect((await move('distributor', id, 'start')).json()).toMatchObject({ success: true, result: 'in_progress' });
    expect((await move('installer', id, 'start')).statusCode).toBe(400);
    expect((await move('admin', id, 'finish')).json()).toMatchObject({ success: true, result: 'pending_review' });
    expect(await statusOf(id)).toBe('pending_review');
    // Only the submitter closes: the installer holds the close permission but did not file it.
    expect((await post('installer', 'close', { id, ...rating })).statusCode).toBe(403);
    expect((await post('enduser', 'close', { id, ...rating, content: 'Works again, thanks' })).statusCode).toBe(200);
    const closed = (await get('enduser', `queryById?id=${id}`)).json().result as TicketRecord;
    expect(closed).toMatchObject({ status: 'completed', resolved: true, speedRating: 5, attitudeRating: 4 });
    expect(closed.closeTime).not.toBeNull();
    // Completed is the end: no move, no second close, no reply.
    for (const action of ['accept', 'start', 'finish']) expect((await move('installer', id, action)).statusCode).toBe(400);
    expect((await post('enduser', 'close', { id, ...rating })).json()).toMatchObject({ code: ServerCode.OPERATION_FAILED, result: { errors: [{ field: 'id' }] } });
    expect((await post('enduser', 'reply', { ticketId: id, content: 'One more thing' })).json()).toMatchObject({ code: ServerCode.OPERATION_FAILED, result: { errors: [{ field: 'ticketId' }] } });

    const thread = (await threadOf('enduser', id)).envelope.result;
    expect(thread.entries.map((e) => [e.action, e.status, e.authorName])).toEqual([
      ['create', 'pending', 'Demo End User'],
      ['accept', 'processing', 'Demo Installer'],
      ['start', 'in_progress', 'Demo Distributor'],
      ['finish', 'pending_review', 'Administrator'],
      ['close', 'completed', 'Demo End User'],
    ]);
    expect(thread.entries.at(-1)?.content).toBe('Works again, thanks');
    expect(thread).toMatchObject({ actions: [], canReply: false, canClose: false });
  });

  it('lets the submitter close a ticket at any open status, and a handler never handle a ticket of its own', async () => {
    const early = await file('enduser');
    expect((await post('enduser', 'close', { id: early.id, ...rating, resolved: false })).statusCode).toBe(200);
    expect(await statusOf(early.id)).toBe('completed');

    // An installer's own ticket is handled by its distributor (or an administrator), not by itself.
    const own = await file('installer');
    expect((await move('installer', own.id, 'accept')).statusCode).toBe(403);
    expect((await threadOf('installer', own.id)).envelope.result).toMatchObject({ actions: [], canReply: true, canClose: true });
    expect((await threadOf('distributor', own.id)).envelope.result).toMatchObject({ actions: ['accept'], canReply: true, canClose: false });
    expect((await get('enduser', `queryById?id=${own.id}`)).statusCode).toBe(404);
    expect((await move('distributor', own.id, 'accept')).statusCode).toBe(200);
    expect((await post('distributor', 'close', { id: own.id, ...rating })).statusCode).toBe(403);
    expect((await post('installer', 'close', { id: own.id, ...rating })).statusCode).toBe(200);
  });

  it('tells the submitter of a reply live and by mail, and the handlers of the submitter’s answer', async () => {
    const { id, orderNo } = await file('enduser');
    const submitter = await listenLive(t, token.enduser);
    const installer = await listenLive(t, token.installer);
    try {
      const before = mailsTo(mail.enduser).length;
      const attachment = await attach('installer', 'wiring.png');
      const reply = await post('installer', 'reply', { ticketId: id, content: 'Please send a photo of the wiring.', attachments: [attachment] });
      expect(reply.json()).toMatchObject({ success: true, code: ServerCode.ADDED });
      await waitFor(async () => submitter.heard.filter((m) => m.event === 'ticket.changed').length, (n) => n === 1);
      expect(submitter.heard.find((m) => m.event === 'ticket.changed')?.data).toEqual({ id, orderNo, status: 'pending', change: 'replied' });
      await waitFor(async () => mailsTo(mail.enduser).length, (n) => n === before + 1);
      expect(mailBody(mailsTo(mail.enduser).at(-1)!)).toContain('Please send a photo of the wiring.');
      expect(mailBody(mailsTo(mail.enduser).at(-1)!)).toContain(`https://console.example.com/worklist/detail?id=${id}`);

      const installerMails = mailsTo(mail.installer).length;
      expect((await post('enduser', 'reply', { ticketId: id, content: 'Here it is.' })).statusCode).toBe(200);
      await waitFor(async () => installer.heard.filter((m) => m.event === 'ticket.changed' && m.data.change === 'replied').length, (n) => n === 2);
      await waitFor(async () => mailsTo(mail.installer).length, (n) => n === installerMails + 1);

      const thread = (await threadOf('distributor', id)).envelope.result;
      expect(thread.entries.map((e) => [e.action, e.content, e.attachments])).toEqual([
        ['create', null, []],
        [null, 'Please send a photo of the wiring.', [attachment]],
        [null, 'Here it is.', []],
      ]);
    } finally {
      submitter.close();
      installer.close();
    }
  });

  it('puts every change in the bell’s system messages of the ticket’s other people, in their language, with the way to it', async () => {
    type Message = { titile: string; msgContent: string; openType: string | null; openPage: string | null; busId: string | null };
    const systemMessages = async (who: keyof typeof token, language = 'en-US') => {
      const response = await t.request({ method: 'GET', url: '/boot/sys/annountCement/listByUser', token: token[who], query: { pageSize: '50' }, headers: { 'accept-language': language } });
      return (response.json().result as { sysMsgList: Message[] }).sysMsgList;
    };
    const { id, orderNo } = await file('enduser');
    await waitFor(async () => (await systemMessages('installer')).filter((m) => m.busId === id).length, (n) => n === 1);
    expect((await systemMessages('installer')).find((m) => m.busId === id)).toMatchObject({ titile: `New ticket ${orderNo}`, openType: 'url', openPage: `/worklist/detail?id=${id}` });
    expect((await systemMessages('distributor')).some((m) => m.busId === id)).toBe(true);
    // Who filed it is not told of their own doing; the other branch not at all.
    expect((await systemMessages('enduser')).some((m) => m.busId === id)).toBe(false);
    expect((await systemMessages('installer2')).some((m) => m.busId === id)).toBe(false);

    expect((await post('installer', 'transition', { id, action: 'accept' })).statusCode).toBe(200);
    await waitFor(async () => (await systemMessages('enduser')).filter((m) => m.busId === id).length, (n) => n === 1);
    const moved = (await systemMessages('enduser', 'zh-CN')).find((m) => m.busId === id);
    expect(moved?.titile).toBe(`工单 ${orderNo} 状态已更新`);
    expect(moved?.msgContent).toContain('待处理');
  });

  it('writes each person’s mail in the language of their latest sign-in', async () => {
    const signedIn = await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'installer', password: 'Installer2026' }, headers: { 'accept-language': 'zh-CN' } });
    expect(signedIn.statusCode).toBe(200);
    const { orderNo } = await file('enduser');
    // Mail leaves after the answer: wait for this ticket's own.
    const mailOf = (address: string) => mailsTo(address).find((one) => mailBody(one).includes(orderNo));
    await waitFor(async () => Boolean(mailOf(mail.installer) && mailOf(mail.distributor)), (both) => both);
    expect(mailBody(mailOf(mail.installer)!)).toContain(`在电站 Ticket station A 提交了工单 ${orderNo}`);
    // The distributor signed in without choosing another language: the platform's default.
    expect(mailBody(mailOf(mail.distributor)!)).toContain(`opened ticket ${orderNo}`);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const before = await count(t, sql`select count(*)::int as n from tb_ticket`);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(101) }, 'title'],
      [{ category: 'complaint' }, 'category'],
      [{ contact: '  ' }, 'contact'],
      [{ contact_mobile: '12345' }, 'contact_mobile'],
      [{ contact_mobile: '' }, 'contact_mobile'],
      [{ description: '' }, 'description'],
      [{ attachments: ['https://evil.example/x.png'] }, 'attachments'],
      [{ attachments: 'ticket/20260101/0123456789abcdef0123456789abcdef.png' }, 'attachments'],
    ];
    for (const [extra, field] of cases) {
      const response = await post('enduser', 'add', ticket(stationA, extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().code).toBe(ServerCode.INCORRECT_PARAMETER);
      expect(response.json().message, JSON.stringify(extra)).toContain(field);
    }
    const badRating = await post('enduser', 'close', { id: 'x1', resolved: true, speedRating: 6, attitudeRating: 0 });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json().message).toContain('speedRating');
    expect((await post('installer', 'transition', { id: 'x1', action: 'reopen' })).json().message).toContain('action');
    expect(await count(t, sql`select count(*)::int as n from tb_ticket`)).toBe(before);
  });

  it('keeps the attachment limits: at most 9 files, each under 2 MB, only images and PDFs by content, only one’s own uploads', async () => {
    const before = await count(t, sql`select count(*)::int as n from tb_ticket`);
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => attach('enduser', `p${i}.png`)));
    const tenth = await attach('enduser', 'p9.png');
    const ten = await post('enduser', 'add', ticket(stationA, { attachments: [...nine, tenth] }));
    expect(ten.statusCode).toBe(400);
    expect(ten.json().message).toContain('attachments');
    expect(ten.json().message).toContain('9');
    expect((await post('enduser', 'reply', { ticketId: 'x1', content: 'hi', attachments: [...nine, tenth] })).json().message).toContain('attachments');

    // A file of 2 MB or more never becomes an attachment.
    const large = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(t, token.enduser, large, 'large.png', 'image/png', 'ticket');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().result.errors[0].field).toBe('file');
    // Judged by content, not by name or declared type.
    const script = await upload(t, token.enduser, Buffer.from('#!/bin/sh\necho hi\n'), 'photo.png', 'image/png', 'ticket');
    expect(script.statusCode).toBe(415);
    const pdf = await upload(t, token.enduser, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'report.pdf', 'application/pdf', 'ticket');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().message).toMatch(/^ticket\/\d{8}\/[0-9a-f]{32}\.pdf$/);

    // Someone else's upload, or an upload of another kind, is no attachment of yours.
    const theirs = await attach('installer', 'theirs.png');
    const avatar = (await upload(t, token.enduser, png, 'me.png', 'image/png', 'avatar')).json().message as string;
    for (const attachments of [[theirs], [avatar.replace(/^avatar/, 'ticket')]]) {
      const response = await post('enduser', 'add', ticket(stationA, { attachments }));
      expect(response.statusCode).toBe(400);
      expect(response.json().result.errors[0].field).toBe('attachments');
    }
    expect(await count(t, sql`select count(*)::int as n from tb_ticket`)).toBe(before);
    // Nine of one's own are fine.
    await file('enduser', { attachments: nine });
  });

  it('filters the list by status, category, station and time', async () => {
    const suggestion = await file('enduser', { category: 'suggestion', title: 'Dark mode please' });
    const onB = (await post('enduser2', 'add', ticket(stationB, { title: 'Station B ticket' }))).json().result as string;
    const ids = (records: TicketRecord[]) => records.map((r) => r.id);
    expect(ids(await listOf('admin', '&category=suggestion'))).toContain(suggestion.id);
    expect((await listOf('admin', '&category=suggestion')).every((r) => r.category === 'suggestion')).toBe(true);
    expect(ids(await listOf('admin', `&stationId=${stationB}`))).toEqual([onB]);
    expect((await listOf('admin', '&status=completed')).every((r) => r.status === 'completed')).toBe(true);
    expect(ids(await listOf('admin', '&status=pending'))).toContain(onB);
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await listOf('admin', `&createTime_begin=${today}`))).toContain(onB);
    expect(ids(await listOf('admin', '&createTime_end=2000-01-01'))).toEqual([]);
  });
});
