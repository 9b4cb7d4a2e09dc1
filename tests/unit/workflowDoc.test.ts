import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workflowMermaid } from '../../src/domain/workflowDiagram';
import { pendencyWorkflowMermaid } from '../../src/domain/pendencies';

describe('docs/workflow.md', () => {
  it('draws exactly the workflow table the server enforces', () => {
    const doc = readFileSync(new URL('../../docs/workflow.md', import.meta.url), 'utf8');
    const block = doc.match(/```mermaid\n([\s\S]*?)\n```/)?.[1];
    expect(block).toBe(workflowMermaid());
  });
});

describe('docs/workflow.md, pendencies', () => {
  it('draws exactly the pendency workflow table the server enforces', () => {
    const doc = readFileSync(new URL('../../docs/workflow.md', import.meta.url), 'utf8');
    const blocks = [...doc.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]);
    expect(blocks).toContain(pendencyWorkflowMermaid());
  });
});
