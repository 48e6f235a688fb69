import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';
import { decodeLaunchArguments } from './launch-arguments';

// Only the typed bridge crosses into the page's world; ipcRenderer stays here.
contextBridge.exposeInMainWorld('tracklintDesktop', createBridge(ipcRenderer, decodeLaunchArguments(process.argv)));
