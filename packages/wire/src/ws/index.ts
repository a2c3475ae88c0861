export { fromWebSocket, WebSocketConnection } from './web-socket-connection.js';
