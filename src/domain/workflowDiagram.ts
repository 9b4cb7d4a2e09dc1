/** Renders SHARE_WORKFLOW as a Mermaid state diagram, so docs/workflow.md is drawn from the table. */
import { SHARE_MOVES, SHARE_WORKFLOW } from './shareStates';

export const workflowMermaid = (): string => {
  const lines = ['stateDiagram-v2', '    [*] --> available'];
  for (const move of SHARE_MOVES) {
    const { from, to } = SHARE_WORKFLOW[move];
    for (const state of from) {
      const target = to === 'same' ? state : to === 'previous' ? 'previous_state' : to;
      lines.push(`    ${state} --> ${target}: ${move}`);
    }
  }
  lines.push('    payment_done --> [*]');
  return lines.join('\n');
};
