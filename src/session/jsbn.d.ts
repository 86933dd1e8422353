/** amazon-cognito-identity-js's big-number class (jsbn), which its typings do not export. */
declare module "amazon-cognito-identity-js/es/BigInteger" {
  const BigInteger: import("./srpModPow").JsbnClass;
  export default BigInteger;
}
