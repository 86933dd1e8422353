import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { AppPageConfig } from "../domain/apps/page";
import { language } from "./messages";
import { AppPage } from "./AppPage";
import "./app.css";

/** The customer app page (/apps/<appId>/): its configuration arrives with the HTML (server/apps/http.ts). */
const meta = document.querySelector<HTMLMetaElement>('meta[name="baukasten-app"]');
const config = JSON.parse(meta?.content ?? "null") as AppPageConfig | null;
document.documentElement.lang = language;
const root = createRoot(document.getElementById("app")!);
root.render(<StrictMode>{config ? <AppPage config={config} /> : <p>App not found.</p>}</StrictMode>);
