// The public API of @shop/rules. Explicit named re-exports only (no `export *`), so a bundler
// keeps just the rules a frontend imports. Each area keeps to its own section.

// ── schemas ──

// ── catalog ──

// ── calendar ──

// ── checkout ──

// ── search ──

// ── navigation ──

// ── media ──

// ── ui ──
