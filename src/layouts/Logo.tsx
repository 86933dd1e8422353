export function Logo() {
  return (
    <svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true">
      <rect x="2" y="2" width="13" height="13" rx="3" fill="#3b5bdb" />
      <rect x="17" y="2" width="13" height="13" rx="3" fill="#74c0fc" />
      <rect x="2" y="17" width="13" height="13" rx="3" fill="#74c0fc" />
      <rect x="17" y="17" width="13" height="13" rx="3" fill="#3b5bdb" />
    </svg>
  );
}
