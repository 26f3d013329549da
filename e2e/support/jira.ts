// What the browser tests read back from the demo tracker.

export interface AdfNode {
  text?: string;
  content?: AdfNode[];
}

/** The plain text of an ADF document (Jira's comment bodies), one line per block. */
export const adfText = (node: AdfNode): string =>
  (node.text ?? '') + (node.content ?? []).map((child) => adfText(child)).join(node.content ? '\n' : '');
