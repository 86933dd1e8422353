/**
 * A seccomp filter (classic BPF, as bubblewrap's --seccomp takes it) that refuses every way to
 * start a process or thread (clone, clone3, fork, vfork) with EPERM. The platform may run as
 * root, and the kernel exempts root's processes from RLIMIT_NPROC, so a fork bomb is stopped
 * here rather than by a process limit. x86-64 (and its x32 calls) and arm64 are filtered.
 */
const AUDIT_ARCH_X86_64 = 0xc000003e;
const AUDIT_ARCH_AARCH64 = 0xc00000b7;
const X32_SYSCALL_BIT = 0x40000000;
const BLOCKED: Record<number, number[]> = {
  [AUDIT_ARCH_X86_64]: [56, 57, 58, 435],
  [AUDIT_ARCH_AARCH64]: [220, 435],
};

const LD_ABS = 0x20;
const JEQ = 0x15;
const JGE = 0x35;
const RET = 0x06;
const ALLOW = 0x7fff0000;
const ERRNO_EPERM = 0x00050000 | 1;
const ARCH_OFFSET = 4;
const NR_OFFSET = 0;

type Instruction = [code: number, jt: number, jf: number, k: number];

function program(): Instruction[] {
  const out: Instruction[] = [[LD_ABS, 0, 0, ARCH_OFFSET]];
  for (const [arch, numbers] of Object.entries(BLOCKED)) {
    const x86 = Number(arch) === AUDIT_ARCH_X86_64;
    // This arch's block: load nr, (x32 check), one JEQ per call, allow, deny.
    const block: Instruction[] = [[LD_ABS, 0, 0, NR_OFFSET]];
    const checks = (x86 ? 1 : 0) + numbers.length;
    if (x86) block.push([JGE, checks, 0, X32_SYSCALL_BIT]);
    numbers.forEach((nr, index) => block.push([JEQ, checks - (x86 ? 1 : 0) - index, 0, nr]));
    block.push([RET, 0, 0, ALLOW], [RET, 0, 0, ERRNO_EPERM]);
    // Not this arch: skip the block (the accumulator still holds the arch for the next check).
    out.push([JEQ, 0, block.length, Number(arch) >>> 0], ...block);
    // The skip lands on a reload of the arch for the next comparison.
    out.push([LD_ABS, 0, 0, ARCH_OFFSET]);
  }
  out.push([RET, 0, 0, ALLOW]);
  return out;
}

/** The filter as the bytes of a struct sock_filter array. */
export function noProcessesFilter(): Buffer {
  const instructions = program();
  const bytes = Buffer.alloc(instructions.length * 8);
  instructions.forEach(([code, jt, jf, k], index) => {
    bytes.writeUInt16LE(code, index * 8);
    bytes.writeUInt8(jt, index * 8 + 2);
    bytes.writeUInt8(jf, index * 8 + 3);
    bytes.writeUInt32LE(k >>> 0, index * 8 + 4);
  });
  return bytes;
}
