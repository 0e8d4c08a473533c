// The project API an editor uses, resolved on first use and again after a failure: a panel that
// VS Code restores after a reload exists before the connections are configured or signed in, and
// must still come up (showing the error, keeping its unsaved edits) and load once it can.
import type { CallOptions, Defect, DefectChanges, EntityRef, FieldCatalog, LockHandle, ListTree, PageRequest, Page, ProjectApi, ProjectUsers, ReferenceNames, ReleaseCatalog } from '../api/index';
import type { AttachmentFilter, Attachment, DefectLink, Download, HistoryApi, LinksApi, NewLink, UploadRequest } from '../api/index';
import type { EditorProjectApi } from './controller/types';

export type LazyProjectApi = EditorProjectApi & {
  readonly defects: EditorProjectApi['defects'] & { page(request?: PageRequest): Promise<Page<Defect>> };
  readonly attachments: Pick<ProjectApi['attachments'], 'list' | 'download' | 'upload' | 'delete'>;
  users(options?: CallOptions & { refresh?: boolean }): Promise<ProjectUsers>;
  releases(options?: CallOptions & { refresh?: boolean }): Promise<ReleaseCatalog>;
  referenceNames(options?: CallOptions & { refresh?: boolean }): Promise<ReferenceNames>;
  readonly history: HistoryApi;
  readonly links: LinksApi;
};

export function lazyProjectApi(resolve: () => Promise<ProjectApi>): LazyProjectApi {
  let pending: Promise<ProjectApi> | undefined;
  const api = (): Promise<ProjectApi> => {
    pending ??= resolve().catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
  return {
    fields: async (collection: string, o?: CallOptions & { refresh?: boolean }): Promise<FieldCatalog> => (await api()).fields(collection, o),
    listItems: async (o?: CallOptions & { refresh?: boolean }): Promise<ListTree> => (await api()).listItems(o),
    users: async (o?: CallOptions & { refresh?: boolean }): Promise<ProjectUsers> => (await api()).users(o),
    releases: async (o?: CallOptions & { refresh?: boolean }): Promise<ReleaseCatalog> => (await api()).releases(o),
    referenceNames: async (o?: CallOptions & { refresh?: boolean }): Promise<ReferenceNames> => {
      const p = await api();
      return p.referenceNames ? p.referenceNames(o) : { byField: new Map() };
    },
    defects: {
      get: async (id: number, o?: CallOptions & { fields?: readonly string[] }) => (await api()).defects.get(id, o),
      update: async (id: number, changes: DefectChanges, o?: CallOptions & { original?: Defect }) => (await api()).defects.update(id, changes, o),
      create: async (fields: DefectChanges, o?: CallOptions) => (await api()).defects.create(fields, o),
      page: async (request?: PageRequest) => (await api()).defects.page(request),
    },
    locks: {
      acquire: async (entity: EntityRef, o?: CallOptions): Promise<LockHandle> => (await api()).locks.acquire(entity, o),
    },
    history: { of: async (id: number, o?: CallOptions & { limit?: number }) => (await api()).history.of(id, o) },
    links: {
      of: async (id: number, o?: CallOptions) => (await api()).links.of(id, o),
      list: async (id: number, o?: CallOptions) => (await api()).links.list(id, o),
      name: async (links: readonly DefectLink[], o?: CallOptions) => (await api()).links.name(links, o),
      add: async (from: number, link: NewLink, o?: CallOptions) => (await api()).links.add(from, link, o),
      remove: async (linkId: number, o?: CallOptions) => (await api()).links.remove(linkId, o),
    },
    attachments: {
      list: async (filter?: AttachmentFilter): Promise<Attachment[]> => (await api()).attachments.list(filter),
      download: async (id: number, o?: CallOptions): Promise<Download> => (await api()).attachments.download(id, o),
      upload: async (request: UploadRequest): Promise<Attachment> => (await api()).attachments.upload(request),
      delete: async (id: number, o?: CallOptions): Promise<void> => (await api()).attachments.delete(id, o),
    },
  };
}
