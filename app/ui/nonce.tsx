/** The CSP nonce of a server-rendered response; undefined in the browser and in prerendered pages. */
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
