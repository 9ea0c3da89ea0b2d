/** mathjs's single-file UMD build (typed through `typeof import('mathjs')` where it is used). */
declare module 'mathjs/lib/browser/math.js' {
  const mathjs: unknown;
  export default mathjs;
}
