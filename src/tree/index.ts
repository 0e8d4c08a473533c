// Public surface of the tree feature for the other features: they import from here, never its files.
export { TREE_FIELDS } from './model/arrangement';
export { DefectNode } from './nodes/defectNode';
export { MessageNode } from './nodes/messageNode';
export { PagedNode } from './nodes/pagedNode';
export { ProjectNode } from './nodes/projectNode';
export { LoadingNode, TreeNode } from './nodes/treeNode';
export type { DefectChildrenProvider, NodeItem, TreeContext } from './nodes/treeNode';
export type { TreeFeature } from './view/treeFeature';
