// Demo links (issue 30): a few Duplicate and Related links among a project's first defects, in
// both directions, so the tree's link marks and the editor's Links section have something to show.
import type { ServerContext } from '../context';
import { LinkStore } from '../store/links';
import type { ProjectStore } from '../store/project';

/** [first, second] as positions among the project's first defects, with type, comment and creator. */
const DEMO_LINKS: readonly { from: number; to: number; type: string; comment: string | null; owner: string }[] = [
  { from: 5, to: 1, type: 'Duplicate', comment: 'Same crash, reported twice.', owner: 'bob' },
  { from: 1, to: 4, type: 'Related', comment: null, owner: 'alice' },
  { from: 6, to: 7, type: 'Related', comment: 'Both come from the cart total.', owner: 'alice' },
  { from: 9, to: 8, type: 'Duplicate', comment: null, owner: 'bob' },
];

/**
 * A few requirements a link may point to (issue 40 item 10): a live 26.1 links defects to
 * requirements, the new requirement's status "No Run" (reference §16.10). No demo link uses them,
 * so the defects' Links sections show only defects unless someone adds one.
 */
const DEMO_REQUIREMENTS: readonly string[] = ['Checkout keeps the cart total', 'Orders page loads in 2 seconds', 'Passwords are never logged'];

/** Seeds the demo's requirements; returns their ids. */
export function seedDemoRequirements(ctx: ServerContext, store: ProjectStore): number[] {
  const links = new LinkStore(store, ctx.now);
  return DEMO_REQUIREMENTS.map((name) => links.insertRequirement(name, 'No Run'));
}

/** Seeds the demo links whose defects exist (a small project gets fewer); returns how many. */
export function seedDemoLinks(ctx: ServerContext, store: ProjectStore, defectIds: readonly number[]): number {
  const links = new LinkStore(store, ctx.now);
  const users = new Set(store.listUsers().map((u) => u.name));
  let count = 0;
  for (const link of DEMO_LINKS) {
    const [first, second] = [defectIds[link.from - 1], defectIds[link.to - 1]];
    if (first === undefined || second === undefined || !users.has(link.owner)) continue;
    links.insert({ firstId: first, secondId: second, secondType: 'defect', linkType: link.type, comment: link.comment, owner: link.owner });
    count++;
  }
  return count;
}
