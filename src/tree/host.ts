// The tree's public surface that needs VS Code itself (index.ts is the part plain Node can load).
export { projectFor } from './view/locate';
export { revealDefect } from './view/revealDefect';
