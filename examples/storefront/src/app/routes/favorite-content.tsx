export { default } from './favorite';
