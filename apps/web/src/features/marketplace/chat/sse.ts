/** One server-sent event: its name (`message` unless given), its id when it has one, and its data lines joined. */
export type ServerEvent = { event: string; id: string | undefined; data: string };

/**
 * Reads server-sent events from text as it arrives (the format of the HTML standard: fields up to a blank line,
 * `:` comments ignored). Feed it each chunk; it calls `onEvent` for each complete event and keeps the rest.
 */
export function sseParser(onEvent: (event: ServerEvent) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ event, id, data: data.join('\n') });
    }
  };
}
