/** A multipart/form-data body and its content type, built the way a browser builds one. */
export async function multipartBody(
  fields: Array<[string, string]>,
  file?: { name: string; content: Buffer | string; type?: string },
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  if (file)
    form.append(
      'file',
      new Blob([file.content], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
