/* global document */
// Renders /api/asyncapi.json on /api/docs/events: every Socket.IO event, its payload and, for a
// command, its acknowledgement. A file of its own: the CSP allows no inline script.

const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
};

const refName = (ref) => ref.split('/').pop();

/** A schema as a short outline: types, properties (optional ones marked ?), links to components. */
function outline(schema) {
  if (!schema || typeof schema !== 'object') return el('span', {}, 'any');
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return el('a', { href: `#schema-${name}`, class: 'ref' }, name);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // Simple values read best in a line (`string | null`); objects as a list of the shapes.
    if (alternatives.every((alt) => !alt.properties && !alt.anyOf)) {
      const span = el('span');
      alternatives.forEach((alt, i) => span.append(...(i > 0 ? [' | '] : []), outline(alt)));
      return span;
    }
    const list = el('ol', { class: 'alternatives' });
    for (const alt of alternatives) list.append(el('li', {}, outline(alt)));
    return el('div', {}, 'one of:', list);
  }
  if ('const' in schema) return el('code', {}, JSON.stringify(schema.const));
  if (schema.enum) return el('code', {}, schema.enum.map((v) => JSON.stringify(v)).join(' | '));
  if (schema.type === 'array') return el('span', {}, 'array of ', outline(schema.items));
  if (schema.type === 'object' && schema.properties) {
    const required = new Set(schema.required ?? []);
    const list = el('ul', { class: 'props' });
    for (const [name, prop] of Object.entries(schema.properties)) {
      const label = el('code', { class: 'prop' }, required.has(name) ? name : `${name}?`);
      const item = el('li', {}, label, ': ', outline(prop));
      if (prop.description) item.append(el('span', { class: 'desc' }, ` ${prop.description}`));
      list.append(item);
    }
    return list;
  }
  if (schema.type === 'object') return el('span', {}, 'object');
  const type = [schema.type ?? 'any'].flat().join(' | ');
  return el('span', { class: 'type' }, type);
}

/** The schema a message payload names (its own component), to show it in place. */
const resolve = (doc, schema) =>
  schema && schema.$ref ? doc.components.schemas[refName(schema.$ref)] : schema;

function eventSection(doc, key, operation) {
  const message = doc.components.messages[key];
  const section = el(
    'section',
    { class: 'event', id: `event-${message.name}` },
    el('h3', {}, el('code', {}, message.name)),
    el('p', {}, message.summary),
    el('h4', {}, 'Payload'),
    outline(resolve(doc, message.payload)),
  );
  if (operation.reply) {
    const ack = doc.components.messages[`${key}.ack`];
    section.append(el('h4', {}, 'Acknowledgement'), outline(resolve(doc, ack.payload)));
  }
  return section;
}

async function render() {
  const main = document.getElementById('events');
  const res = await fetch('/api/asyncapi.json');
  const doc = await res.json();
  main.replaceChildren(
    el('h1', {}, doc.info.title),
    el(
      'p',
      { class: 'version' },
      `AsyncAPI ${doc.asyncapi} · protocol version ${doc.info.version}`,
    ),
    el('p', {}, doc.info.description),
  );
  const groups = [
    ['send', 'Server → client', 'What every device hears.'],
    ['receive', 'Client → server', 'Commands; each is answered by its acknowledgement.'],
  ];
  for (const [action, title, text] of groups) {
    main.append(el('h2', {}, title), el('p', {}, text));
    for (const [key, operation] of Object.entries(doc.operations)) {
      if (operation.action === action) main.append(eventSection(doc, key, operation));
    }
  }
  main.append(el('h2', {}, 'Schemas'));
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (doc.components.messages[name]) continue;
    main.append(
      el('section', { class: 'schema', id: `schema-${name}` }, el('h3', {}, name), outline(schema)),
    );
  }
  document.documentElement.dataset.docs = 'events';
}

render().catch((err) => {
  document.getElementById('events').textContent = `Could not load the events: ${err}`;
});
