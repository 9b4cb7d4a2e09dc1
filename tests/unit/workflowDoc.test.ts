import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workflowMermaid } from '../../src/domain/workflowDiagram';

describe('docs/workflow.md', () => {
  it('draws exactly the workflow table the server enforces', () => {
    const doc = readFileSync(new URL('../../docs/workflow.md', import.meta.url), 'utf8');
    const block = doc.match(/```mermaid\n([\s\S]*?)\n```/)?.[1];
    expect(block).toBe(workflowMermaid());
  });
});
