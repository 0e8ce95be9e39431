export {}

// Component tests (happy-dom) wait up to 5 s for what they find: testing-library's 1 s default fails on a loaded
// machine with two test files at once, though nothing is wrong. Server tests (node) load nothing here.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 5_000 })
}
