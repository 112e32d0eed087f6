import { mockAdapter, type MockHandler, type MockReply, type RecordedRequest } from '../../mock-adapter';

interface FakeOrder {
  id: number;
  version: number;
  folio: string;
  statusCode: string;
  workId: number;
  lines: unknown[];
}

/**
 * An orders API in memory with the server's Idempotency-Key rule: a key seen before gets its first
 * answer again and changes nothing. `control.online = false` is no signal; `control.dropAnswers`
 * makes the next N writes happen on the server while their answer is lost on the way back.
 */
export function fakeOrdersServer() {
  const orders = new Map<number, FakeOrder>();
  const attachments: { recordId: number; name: string; type: string }[] = [];
  const answers = new Map<string, MockReply>();
  const control = { online: true, dropAnswers: 0 };
  let nextId = 1;
  let folio = 41;

  const write =
    (run: (request: RecordedRequest) => MockReply): MockHandler =>
    (request) => {
      if (!control.online) return { network: true };
      const key = request.idempotencyKey;
      const reply = key !== null && answers.has(key) ? (answers.get(key) as MockReply) : run(request);
      if (key !== null) answers.set(key, reply);
      if (control.dropAnswers > 0) {
        control.dropAnswers -= 1;
        return { network: true };
      }
      return reply;
    };
  const invalid = (fields: Record<string, string>): MockReply => ({ status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'Revisa los datos del formulario', fields } });
  const conflict: MockReply = { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'El registro cambió desde que lo abriste; vuelve a cargarlo' } };

  const routes: Record<string, MockHandler> = {
    'POST /orders': write((request) => {
      const body = request.body as { workId: number; lines: unknown[] };
      if (body.workId === 99) return invalid({ workId: 'La obra «Torre» está terminada: solo se piden materiales para obras en planeación o en ejecución' });
      if (body.lines.length === 0) return invalid({ lines: 'Agrega al menos una partida' });
      const order = { id: nextId++, version: 1, folio: `PED-${++folio}`, statusCode: 'borrador', workId: body.workId, lines: body.lines };
      orders.set(order.id, order);
      return { status: 201, data: order };
    }),
    'POST /attachments': write((request) => {
      const file = (request.body as FormData).get('file') as File;
      attachments.push({ recordId: Number((request.params as { recordId: number }).recordId), name: file.name, type: file.type });
      return { status: 201, data: { id: attachments.length } };
    }),
  };
  for (let id = 1; id <= 9; id++) {
    const order = () => orders.get(id) as FakeOrder;
    routes[`GET /orders/${id}`] = () => (control.online ? { status: 200, data: order() } : { network: true });
    routes[`PATCH /orders/${id}`] = write((request) => {
      const body = request.body as { version: number; lines?: unknown[] };
      if (body.version !== order().version || order().statusCode !== 'borrador') return conflict;
      Object.assign(order(), { lines: body.lines ?? order().lines, version: order().version + 1 });
      return { status: 200, data: order() };
    });
    routes[`POST /orders/${id}/transitions`] = write((request) => {
      const body = request.body as { version: number; to: string };
      if (body.version !== order().version || order().statusCode !== 'borrador') return conflict;
      Object.assign(order(), { statusCode: body.to, version: order().version + 1 });
      return { status: 200, data: order() };
    });
  }
  return { ...mockAdapter(routes), orders, attachments, control };
}
