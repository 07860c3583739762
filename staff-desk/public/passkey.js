// Team desk's one script: passkeys. The pages work without it (sign-in by a link by email); with it, a member signs
// in with a passkey, or adds one for this device. The WebAuthn ceremony is @simplewebauthn/browser's.
(() => {
  const webauthn = window.SimpleWebAuthnBrowser;
  if (!webauthn?.browserSupportsWebAuthn()) return;

  const post = async (path, body) => {
    const response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.message || "The desk could not do that just now: try again");
    return answer;
  };
  const say = (element, text) => {
    element.textContent = text;
    element.hidden = false;
  };

  const signIn = document.getElementById("desk-passkey-sign-in");
  if (signIn) {
    const message = document.getElementById("desk-passkey-message");
    signIn.hidden = false;
    signIn.addEventListener("click", async () => {
      signIn.disabled = true;
      try {
        const { ceremony, options } = await post("/passkey/sign-in-options");
        const response = await webauthn.startAuthentication({ optionsJSON: options });
        const { location } = await post("/passkey/sign-in", { ceremony, response });
        window.location.assign(location);
      } catch (error) {
        say(message, error instanceof Error ? error.message : String(error));
        signIn.disabled = false;
      }
    });
  }

  const add = document.getElementById("desk-passkey-add");
  if (add) {
    const message = document.getElementById("desk-passkey-message");
    add.hidden = false;
    add.addEventListener("click", async () => {
      add.disabled = true;
      try {
        const { ceremony, options } = await post("/passkey/register-options");
        const response = await webauthn.startRegistration({ optionsJSON: options });
        await post("/passkey/register", { ceremony, response });
        window.location.assign("/account?added=1");
      } catch (error) {
        say(message, error instanceof Error ? error.message : String(error));
        add.disabled = false;
      }
    });
  }
})();
