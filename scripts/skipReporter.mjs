// A node:test reporter that writes one JSON line per skipped test or suite ({file, name, reason}),
// beside the spec reporter, so scripts/runNodeTests.mjs can list the skips and fail CI on them.
/** Reporter entry point: node:test passes the stream of test events. */
export default async function* skipReporter(source) {
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.skip !== undefined && event.data.skip !== false) {
      const { file, name, skip } = event.data;
      yield `${JSON.stringify({ file: file ?? null, name, reason: typeof skip === 'string' ? skip : '' })}\n`;
    }
  }
}
