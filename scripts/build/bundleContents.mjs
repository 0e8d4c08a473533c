// Prints what a bundle holds, from esbuild's metafile: its size, then the bytes each package (or
// source folder) contributes, largest first, so growth shows where it comes from.

/** `undici/lib/dispatcher`, `src/tree`: the package's or folder's first two levels. */
function groupOf(input) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:([^/]+)\/([^/]+)\/)?/.exec(input);
  if (inPackage) return [inPackage[1], inPackage[2], inPackage[3]].filter(Boolean).join('/');
  return input.split('/').slice(0, 2).join('/');
}

/** @param {import('esbuild').Metafile} metafile */
export function printBundleContents(metafile) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (file.endsWith('.map')) continue;
    const groups = new Map();
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const group = groupOf(input);
      groups.set(group, (groups.get(group) ?? 0) + bytesInOutput);
    }
    console.log(`${file}: ${(output.bytes / 1024).toFixed(1)} KB`);
    for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1])) {
      if (bytes >= 512) console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${group}`);
    }
  }
}
