/** Interview mode's page parts, one lazy chunk (the Shell imports this when a question or the list opens). */
export { default as Interview } from './Interview.svelte';
export { default as QuestionList } from './QuestionList.svelte';
