/** The sign-in pages' shell: the account area's signed-out shell (`components/SignedOutShell`). */
export { SignedOutShell as SignInShell } from '../../components/SignedOutShell';
