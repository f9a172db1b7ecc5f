let people = 0;

/** Sign-up details of a person without an account yet: the password is long and uncommon. */
export function newPerson() {
  people += 1;
  const id = `${process.pid}x${people}`;
  return { username: `keeper${id}`, email: `keeper${id}@example.com`, password: `blue gloves ${id} save` };
}
