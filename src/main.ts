import { mount } from 'svelte';
import App from './app/Root.svelte';
import './app/app.css';

const target = document.getElementById('app')!;
try {
  mount(App, { target });
} catch (e) {
  // Never a blank page: say what went wrong.
  target.textContent = `QueueLab could not start: ${e instanceof Error ? e.message : String(e)}`;
  throw e;
}
